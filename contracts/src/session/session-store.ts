import { createMemoryStorage, type StorageLike } from './memory-storage';

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

/** window.localStorage / sessionStorage when usable, else an in-memory Storage (Node, blocked storage). */
function browserStorage(name: 'localStorage' | 'sessionStorage'): StorageLike {
  try {
    const storage = (globalThis as Record<string, unknown>)[name] as StorageLike | undefined;
    if (storage && typeof storage.getItem === 'function') return storage;
  } catch {
    // Access can throw (SecurityError with storage blocked); fall through to memory.
  }
  return createMemoryStorage();
}

function read(storage: StorageLike, key: string): string | null {
  try {
    const value = storage.getItem(key);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

function write(storage: StorageLike, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: the session still works for this page.
  }
}

function remove(storage: StorageLike, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Storage blocked: nothing to remove.
  }
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
      read(local, SESSION_KEYS.token) ??
      read(local, SESSION_KEYS.tokenUpper) ??
      read(sessionStorage, SESSION_KEYS.token),
    setTokens: ({ token, refresh_token }) => {
      write(local, SESSION_KEYS.token, token);
      write(local, SESSION_KEYS.tokenUpper, token);
      write(sessionStorage, SESSION_KEYS.token, token);
      if (typeof refresh_token === 'string' && refresh_token !== '')
        write(local, SESSION_KEYS.refreshToken, refresh_token);
      else if (refresh_token === null) remove(local, SESSION_KEYS.refreshToken);
      notify();
    },
    getRefreshToken: () => read(local, SESSION_KEYS.refreshToken),
    clear: () => {
      remove(local, SESSION_KEYS.token);
      remove(local, SESSION_KEYS.tokenUpper);
      remove(sessionStorage, SESSION_KEYS.token);
      remove(local, SESSION_KEYS.refreshToken);
      notify();
    },
    getDeviceId: () => {
      const stored = read(local, SESSION_KEYS.deviceId);
      if (stored !== null) return stored;
      deviceId ??= createDeviceId(deps.userAgent ?? globalThis.navigator?.userAgent ?? '', random);
      write(local, SESSION_KEYS.deviceId, deviceId);
      return deviceId;
    },
    isAdminFlag: () =>
      SESSION_KEYS.adminFlags.some((key) => {
        const value = read(local, key)?.trim().toLowerCase();
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
