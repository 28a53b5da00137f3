// Where cloud backups go and with which key (SPEC.md sections 3 and 7: a third-party JSON storage service
// called with the user's own key; the key is a local setting). Everything here lives in the device's
// localStorage: the key is never sent to PitClock's servers, only to the cloud backup service.
// The key, the references and the local copies belong to the signed-in account: they are kept under
// the account's names (accountBackupStorage); the base URL is a setting of the device.
import { accountIdOf, createMemoryStorage, session, type StorageLike } from '@pitclock/contracts';
import { accountScopedStorage } from '@pitclock/contracts/account-data';

/**
 * localStorage keys of cloud backup: the base URL's as is; the others as an account's view of the
 * storage names them (accountBackupStorage: 'PitClock-u7:cloudBackupApiKey'). Unsuffixed, the api key,
 * refs and local copies are the legacy keys of older versions, which the first account to sign in claims.
 */
export const CLOUD_BACKUP_KEYS = {
  /** The user's JSONBin X-Master-Key. */
  apiKey: 'cloudBackupApiKey',
  /** Optional base URL of a JSONBin-compatible service (absolute http(s) URL), e.g. for a self-hosted one. */
  baseUrl: 'cloudBackupBaseUrl',
  /** The newest 10 backup references of this device (JSON list). */
  refs: 'cloudBackupRefs',
  /** Prefix of the local-only copies: 'cloudBackupLocal:{backupId}'. */
  localCopyPrefix: 'cloudBackupLocal:',
} as const;

/** JSONBin's API (v3). */
export const DEFAULT_CLOUD_BACKUP_BASE = 'https://api.jsonbin.io/v3';

/**
 * Name of an optional global with the base URL, for a deployment that runs its own JSONBin-compatible
 * service: `globalThis.__PITCLOCK_CLOUD_BACKUP_BASE__ = 'https://bins.example.com/v3'`. The localStorage
 * setting wins over it.
 */
export const CLOUD_BACKUP_BASE_GLOBAL = '__PITCLOCK_CLOUD_BACKUP_BASE__';

/** The page's localStorage, or an in-memory one where it cannot be used (blocked storage, no DOM). */
export function pageStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // Reading localStorage throws when the browser blocks it.
  }
  return createMemoryStorage();
}

/** Whether `key` is one of the unsuffixed per-account keys of older versions (claimed by an account). */
export function isLegacyBackupKey(key: string): boolean {
  return (
    key === CLOUD_BACKUP_KEYS.apiKey ||
    key === CLOUD_BACKUP_KEYS.refs ||
    key.startsWith(CLOUD_BACKUP_KEYS.localCopyPrefix)
  );
}

/**
 * Where the signed-in account's cloud-backup key, references and local copies live: the page's
 * localStorage under the account's names. Signed out (no account): an empty memory storage, so that
 * nothing of any account shows or is written.
 */
export function accountBackupStorage(
  accountId: string | null = accountIdOf(session.getToken()),
  storage: StorageLike = pageStorage(),
): StorageLike {
  return accountId === null ? createMemoryStorage() : accountScopedStorage(storage, accountId);
}

function readSetting(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** An absolute http(s) URL without trailing slashes, else null (a relative URL would reach PitClock's origin). */
function absoluteHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.href.replace(/(?<!\/)\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * The cloud backup service's base URL, read at call time: the localStorage setting 'cloudBackupBaseUrl',
 * else the global __PITCLOCK_CLOUD_BACKUP_BASE__, else https://api.jsonbin.io/v3. Only absolute http(s)
 * URLs count; anything else is ignored.
 */
export function cloudBackupBaseUrl(storage: StorageLike = pageStorage()): string {
  return (
    absoluteHttpUrl(readSetting(storage, CLOUD_BACKUP_KEYS.baseUrl)) ??
    absoluteHttpUrl((globalThis as Record<string, unknown>)[CLOUD_BACKUP_BASE_GLOBAL]) ??
    DEFAULT_CLOUD_BACKUP_BASE
  );
}

/** The stored API key ('' when none). */
export function readApiKey(storage: StorageLike): string {
  return readSetting(storage, CLOUD_BACKUP_KEYS.apiKey) ?? '';
}

/** Stores the API key on this device; a blank key removes it. */
export function writeApiKey(storage: StorageLike, key: string): void {
  try {
    if (key.trim() === '') storage.removeItem(CLOUD_BACKUP_KEYS.apiKey);
    else storage.setItem(CLOUD_BACKUP_KEYS.apiKey, key.trim());
  } catch {
    // A full or blocked storage: the key then lives only in the field until the page closes.
  }
}
