// Safe access to Web Storage for the session and licence stores: storage can be blocked (SecurityError),
// full (QuotaExceededError) or absent (Node); none of that may break the page.
import { createMemoryStorage, type StorageLike } from './memory-storage';

/** window.localStorage / sessionStorage when usable, else an in-memory Storage (Node, blocked storage). */
export function browserStorage(name: 'localStorage' | 'sessionStorage'): StorageLike {
  try {
    const storage = (globalThis as Record<string, unknown>)[name] as StorageLike | undefined;
    if (storage && typeof storage.getItem === 'function') return storage;
  } catch {
    // Access can throw (SecurityError with storage blocked); fall through to memory.
  }
  return createMemoryStorage();
}

/** The stored text, or null when absent, empty or unreadable. */
export function readStored(storage: StorageLike, key: string): string | null {
  try {
    const value = storage.getItem(key);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

/** Stores `value` (removes the key for null); a full or blocked storage keeps the value for this page only. */
export function writeStored(storage: StorageLike, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked.
  }
}
