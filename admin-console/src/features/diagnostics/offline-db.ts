// Read-only access to the cook-app's offline database of this device. Its layout (database, object store,
// record key, version, record stores) is declared once in contracts, which the cook-app persists with.
import { OFFLINE_DB } from '@pitclock/contracts/offline-db';

export { OFFLINE_DB, OFFLINE_STORES, type OfflineStore } from '@pitclock/contracts/offline-db';

export const NO_INDEXED_DB = 'IndexedDB is not available in this browser.';

const errorOf = (value: unknown, fallback: string) =>
  value instanceof Error ? value : new Error(typeof value === 'string' ? value : fallback);

/**
 * Opens the database only if it exists: opening a missing database would create it (an empty one the
 * cook-app would then have to upgrade), so the creation is aborted and null answered instead.
 */
function openExisting(idb: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    let missing = false;
    const request = idb.open(name);
    request.onupgradeneeded = () => {
      missing = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const db = request.result;
      // Never stand in the way of the cook-app upgrading its database.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = (event) => {
      if (missing) {
        event.preventDefault();
        resolve(null);
      } else {
        reject(errorOf(request.error, `Could not open the ${name} database`));
      }
    };
  });
}

/**
 * The persisted record as stored, or null when there is none (no database, no store, no record).
 * Read-only: one readonly transaction, and the connection is closed again at once.
 */
export async function readOfflineState(idb: IDBFactory | undefined = globalThis.indexedDB): Promise<unknown> {
  if (!idb) throw new Error(NO_INDEXED_DB);
  const db = await openExisting(idb, OFFLINE_DB.name);
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains(OFFLINE_DB.storeName)) return null;
    return await new Promise<unknown>((resolve, reject) => {
      const transaction = db.transaction(OFFLINE_DB.storeName, 'readonly');
      const request = transaction.objectStore(OFFLINE_DB.storeName).get(OFFLINE_DB.key);
      request.onsuccess = () => resolve(request.result ?? null);
      request.onerror = () => reject(errorOf(request.error, 'Could not read the offline database'));
      transaction.onabort = () =>
        reject(errorOf(transaction.error, 'Reading the offline database was aborted'));
    });
  } finally {
    db.close();
  }
}
