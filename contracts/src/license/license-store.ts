import { readDeviceLicense, type LicensePublicKey } from '../schemas/licensing-token';
import type { StorageLike } from '../session/memory-storage';
import { browserStorage, readStored, writeStored } from '../session/storage-access';
import { parseLicenseExpiry } from './license-rules';

/**
 * Local storage keys of the device licence (SPEC.md section 3: the licence is kept under two keys), and
 * when the server last said this device's licence was revoked (issue 23: the banner says so).
 */
export const LICENSE_KEYS = {
  license: 'device_license',
  licenseAlt: 'deviceLicense',
  expiry: 'license_expiry',
  lastPromoCode: 'lastPromoCode',
  publicKey: 'license_public_key',
  revokedAt: 'license_revoked_at',
} as const;

export interface LicenseSave {
  license: string;
  /** Used only when the licence's own exp claim cannot be read: ISO, epoch ms or epoch seconds. */
  expiresAt?: string | number | null;
  /** Stored as lastPromoCode when given; the stored one is kept otherwise. */
  promoCode?: string | null;
}

export interface LicenseStore {
  /** Local 'device_license', else 'deviceLicense'; null when none is stored. */
  getLicense(): string | null;
  /** license_expiry as epoch ms (parseLicenceExpiry), or null. */
  getExpiryMs(): number | null;
  /**
   * Writes both licence keys, license_expiry (ISO) and lastPromoCode when given, and forgets a revocation
   * (a new licence replaces the revoked one); notifies.
   */
  save(input: LicenseSave): void;
  /**
   * Removes both licence keys, license_expiry and a revocation (the device has no licence, revoked or
   * not); keeps lastPromoCode and the public key; notifies.
   */
  clear(): void;
  /** The server revoked this device's licence at `atIso`: clears the licence as clear() does and says so. */
  markRevoked(atIso: string): void;
  /** When the server said this device's licence was revoked, if no licence was saved since; else null. */
  getRevokedAt(): string | null;
  getLastPromoCode(): string | null;
  /** The cached public key of the licensing service (a JWK or a PEM), or null. */
  getPublicKey(): LicensePublicKey | null;
  setPublicKey(key: LicensePublicKey): void;
  /** Called after save, clear and setPublicKey, and on storage events of these keys from other tabs. */
  subscribe(listener: () => void): () => void;
}

/** Where 'storage' events of other tabs arrive (window in a browser). */
export type StorageEventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface LicenseStoreDeps {
  local?: StorageLike;
  /** Default: window, when there is one. */
  events?: StorageEventSource;
}

const WATCHED_KEYS = new Set<string>(Object.values(LICENSE_KEYS));
const MAX_DATE_MS = 8.64e15;

/** The expiry as ISO: the licence's exp claim when readable, else expiresAt; null when neither is usable. */
function expiryIso(license: string, expiresAt: LicenseSave['expiresAt']): string | null {
  const exp = readDeviceLicense(license)?.claims.exp;
  const ms = exp === undefined ? parseLicenseExpiry(expiresAt) : exp * 1000;
  return ms === null || Math.abs(ms) > MAX_DATE_MS ? null : new Date(ms).toISOString();
}

function parsePublicKey(text: string | null): LicensePublicKey | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as LicensePublicKey;
  } catch {
    // A corrupt entry counts as no key: the next online fetch replaces it.
  }
  return null;
}

function defaultEvents(): StorageEventSource | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

function createNotifier(events: StorageEventSource | undefined) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  // key null: another tab cleared the whole storage (Reset App Data).
  const onStorage = (event: Event) => {
    const { key } = event as Partial<StorageEvent>;
    if (key === null || (typeof key === 'string' && WATCHED_KEYS.has(key))) notify();
  };
  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) events?.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) events?.removeEventListener('storage', onStorage);
    };
  };
  return { notify, subscribe };
}

export function createLicenseStore(deps: LicenseStoreDeps = {}): LicenseStore {
  const local = deps.local ?? browserStorage('localStorage');
  const { notify, subscribe } = createNotifier(deps.events ?? defaultEvents());
  const K = LICENSE_KEYS;

  return {
    getLicense: () => readStored(local, K.license) ?? readStored(local, K.licenseAlt),
    getExpiryMs: () => parseLicenseExpiry(readStored(local, K.expiry)),
    save: ({ license, expiresAt, promoCode }) => {
      writeStored(local, K.license, license);
      writeStored(local, K.licenseAlt, license);
      writeStored(local, K.expiry, expiryIso(license, expiresAt));
      if (typeof promoCode === 'string' && promoCode !== '') writeStored(local, K.lastPromoCode, promoCode);
      writeStored(local, K.revokedAt, null);
      notify();
    },
    clear: () => {
      for (const key of [K.license, K.licenseAlt, K.expiry, K.revokedAt]) writeStored(local, key, null);
      notify();
    },
    markRevoked: (atIso) => {
      for (const key of [K.license, K.licenseAlt, K.expiry]) writeStored(local, key, null);
      writeStored(local, K.revokedAt, atIso);
      notify();
    },
    getRevokedAt: () => readStored(local, K.revokedAt),
    getLastPromoCode: () => readStored(local, K.lastPromoCode),
    getPublicKey: () => parsePublicKey(readStored(local, K.publicKey)),
    setPublicKey: (key) => {
      writeStored(local, K.publicKey, JSON.stringify(key));
      notify();
    },
    subscribe,
  };
}

let defaultStore: LicenseStore | undefined;
const defaultLicense = (): LicenseStore => (defaultStore ??= createLicenseStore());

/** The device's licence, bound to window.localStorage on first use. */
export const license: LicenseStore = {
  getLicense: () => defaultLicense().getLicense(),
  getExpiryMs: () => defaultLicense().getExpiryMs(),
  save: (input) => defaultLicense().save(input),
  clear: () => defaultLicense().clear(),
  markRevoked: (atIso) => defaultLicense().markRevoked(atIso),
  getRevokedAt: () => defaultLicense().getRevokedAt(),
  getLastPromoCode: () => defaultLicense().getLastPromoCode(),
  getPublicKey: () => defaultLicense().getPublicKey(),
  setPublicKey: (key) => defaultLicense().setPublicKey(key),
  subscribe: (listener) => defaultLicense().subscribe(listener),
};
