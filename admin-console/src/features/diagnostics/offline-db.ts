// Read-only access to the cook-app's offline database of this device. Its layout (database, object store,
// record key, version, record stores) is declared once in contracts, which the cook-app persists with;
// the database is opened through contracts' indexed-db (idb), which never creates a missing one.
import { OFFLINE_DB } from '@pitclock/contracts/offline-db';
import { hasIndexedDB, openExistingDatabase } from '@pitclock/contracts/indexed-db';

export { OFFLINE_DB, OFFLINE_STORES, type OfflineStore } from '@pitclock/contracts/offline-db';

export const NO_INDEXED_DB = 'IndexedDB is not available in this browser.';

const errorOf = (value: unknown, fallback: string) =>
  value instanceof Error ? value : new Error(typeof value === 'string' ? value : fallback);

/**
 * The persisted record as stored, or null when there is none (no database, no store, no record).
 * Read-only: one readonly transaction, and the connection is closed again at once.
 */
export async function readOfflineState(): Promise<unknown> {
  if (!hasIndexedDB()) throw new Error(NO_INDEXED_DB);
  const db = await openExistingDatabase(OFFLINE_DB.name).catch((failure: unknown) => {
    throw errorOf(failure, `Could not open the ${OFFLINE_DB.name} database`);
  });
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains(OFFLINE_DB.storeName)) return null;
    const stored: unknown = await db.get(OFFLINE_DB.storeName, OFFLINE_DB.key);
    return stored ?? null;
  } catch (failure) {
    throw errorOf(failure, 'Could not read the offline database');
  } finally {
    db.close();
  }
}
