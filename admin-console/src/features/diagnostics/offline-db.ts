// Read-only access to the cook-app's offline database of this device: the signed-in account's (each
// account has its own, offlineDbNameFor). Its layout (database, object store, record key, version, record
// stores) is declared once in contracts, which the cook-app persists with; the database is opened
// through contracts' indexed-db (idb), which never creates a missing one.
import { accountIdOf, session } from '@pitclock/contracts';
import { OFFLINE_DB, offlineDbNameFor } from '@pitclock/contracts/offline-db';
import { hasIndexedDB, openExistingDatabase } from '@pitclock/contracts/indexed-db';

export { OFFLINE_DB, OFFLINE_STORES, type OfflineStore } from '@pitclock/contracts/offline-db';

export const NO_INDEXED_DB = 'IndexedDB is not available in this browser.';

const errorOf = (value: unknown, fallback: string) =>
  value instanceof Error ? value : new Error(typeof value === 'string' ? value : fallback);

/** The offline database of the account signed in on this page ('PitClock-u<id>'); null signed out. */
export function signedInDatabase(token: string | null = session.getToken()): string | null {
  const accountId = accountIdOf(token);
  return accountId === null ? null : offlineDbNameFor(accountId);
}

/**
 * The persisted record as stored in database `name` (default the signed-in account's), or null when
 * there is none (no account, no database, no store, no record). Read-only: one readonly transaction,
 * and the connection is closed again at once.
 */
export async function readOfflineState(name: string | null = signedInDatabase()): Promise<unknown> {
  if (!hasIndexedDB()) throw new Error(NO_INDEXED_DB);
  if (name === null) return null;
  const db = await openExistingDatabase(name).catch((failure: unknown) => {
    throw errorOf(failure, `Could not open the ${name} database`);
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
