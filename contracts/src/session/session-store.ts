import type { StorageLike } from './memory-storage';
import { browserStorage, readStored, writeStored } from './storage-access';

/** Storage keys of SPEC.md section 3 ("Session and local settings"). */
export const SESSION_KEYS = {
  token: 'token',
  tokenUpper: 'TOKEN',
  refreshToken: 'refresh_token',
  deviceId: 'bbq_device_id',
  adminFlags: ['isAdmin', 'ADMIN'],
} as const;

export interface SessionTokens {
  token: string;
  /** Stored when a string; left as it was when omitted; removed when null. */
  refresh_token?: string | null;
}

export interface SessionStore {
  /** local 'token', else local 'TOKEN', else session 'token'; null when none is set. */
  getToken(): string | null;
  /** Writes the token under local 'token' and 'TOKEN' and session 'token', and the refresh token. */
  setTokens(tokens: SessionTokens): void;
  getRefreshToken(): string | null;
  /** Sign-out: removes the three token keys and refresh_token; keeps the device id. */
  clear(): void;
  /** 'device-' + first 24 characters of the user agent + '-' + 6 random [a-z0-9], created once. */
  getDeviceId(): string;
  /** Local 'isAdmin' or 'ADMIN' equal to '1' or 'true' (a client hint only; the server decides). */
  isAdminFlag(): boolean;
  /** Called after setTokens and clear. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface SessionStoreDeps {
  local?: StorageLike;
  session?: StorageLike;
  userAgent?: string;
  random?: () => number;
}

const DEVICE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** SPEC.md section 9: 'device-' + first 24 characters of the agent string + '-' + 6 random characters. */
export function createDeviceId(userAgent: string, random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < 6; i += 1) {
    const r = random();
    const index = Number.isFinite(r)
      ? Math.min(DEVICE_ALPHABET.length - 1, Math.max(0, Math.floor(r * 36)))
      : 0;
    suffix += DEVICE_ALPHABET[index];
  }
  return `device-${userAgent.slice(0, 24)}-${suffix}`;
}

export function createSessionStore(deps: SessionStoreDeps = {}): SessionStore {
  const local = deps.local ?? browserStorage('localStorage');
  const sessionStorage = deps.session ?? browserStorage('sessionStorage');
  const random = deps.random ?? Math.random;
  const listeners = new Set<() => void>();
  let deviceId: string | null = null;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    getToken: () =>
      readStored(local, SESSION_KEYS.token) ??
      readStored(local, SESSION_KEYS.tokenUpper) ??
      readStored(sessionStorage, SESSION_KEYS.token),
    setTokens: ({ token, refresh_token }) => {
      writeStored(local, SESSION_KEYS.token, token);
      writeStored(local, SESSION_KEYS.tokenUpper, token);
      writeStored(sessionStorage, SESSION_KEYS.token, token);
      if (typeof refresh_token === 'string' && refresh_token !== '')
        writeStored(local, SESSION_KEYS.refreshToken, refresh_token);
      else if (refresh_token === null) writeStored(local, SESSION_KEYS.refreshToken, null);
      notify();
    },
    getRefreshToken: () => readStored(local, SESSION_KEYS.refreshToken),
    clear: () => {
      writeStored(local, SESSION_KEYS.token, null);
      writeStored(local, SESSION_KEYS.tokenUpper, null);
      writeStored(sessionStorage, SESSION_KEYS.token, null);
      writeStored(local, SESSION_KEYS.refreshToken, null);
      notify();
    },
    getDeviceId: () => {
      const stored = readStored(local, SESSION_KEYS.deviceId);
      if (stored !== null) return stored;
      deviceId ??= createDeviceId(deps.userAgent ?? globalThis.navigator?.userAgent ?? '', random);
      writeStored(local, SESSION_KEYS.deviceId, deviceId);
      return deviceId;
    },
    isAdminFlag: () =>
      SESSION_KEYS.adminFlags.some((key) => {
        const value = readStored(local, key)?.trim().toLowerCase();
        return value === '1' || value === 'true';
      }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let defaultStore: SessionStore | undefined;
const defaultSession = (): SessionStore => (defaultStore ??= createSessionStore());

/** The app's session, bound to window.localStorage and sessionStorage on first use. */
export const session: SessionStore = {
  getToken: () => defaultSession().getToken(),
  setTokens: (tokens) => defaultSession().setTokens(tokens),
  getRefreshToken: () => defaultSession().getRefreshToken(),
  clear: () => defaultSession().clear(),
  getDeviceId: () => defaultSession().getDeviceId(),
  isAdminFlag: () => defaultSession().isAdminFlag(),
  subscribe: (listener) => defaultSession().subscribe(listener),
};
