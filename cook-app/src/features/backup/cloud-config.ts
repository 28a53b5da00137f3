// Where cloud backups go and with which key (SPEC.md sections 3 and 7: a third-party JSON storage service
// called with the user's own key; the key is a local setting). Everything here lives in the device's
// localStorage: the key is never sent to PitClock's servers, only to the cloud backup service.
import { createMemoryStorage, type StorageLike } from '@pitclock/contracts';

/** localStorage keys of cloud backup. */
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
