import { OFFLINE_DB } from '@pitclock/contracts/offline-db';
import { offlineDatabasesOnDevice } from '@pitclock/contracts/account-data';
import { databaseNames, deleteDatabase } from '@pitclock/contracts/indexed-db';

/** The legacy IndexedDB database of the cook-app's offline data (each account now has its own). */
export const OFFLINE_DB_NAME = OFFLINE_DB.name;
const DELETE_TIMEOUT_MS = 2000;

/** What Reset App Data clears and how it reloads; the databases are the browser's IndexedDB. */
export type ResetDeps = {
  /** Read first (the device's list of accounts' databases), then cleared. */
  local: Pick<Storage, 'clear' | 'getItem' | 'setItem' | 'removeItem'>;
  session: Pick<Storage, 'clear'>;
  reload: () => void;
};

/**
 * Deletes database `name`, and waits for it at most DELETE_TIMEOUT_MS: a deletion stays 'blocked' while
 * a connection is still open (localforage closes its own on versionchange, so the deletion goes on).
 * Never fails: a database that cannot be deleted is left.
 */
function deleteWithin(name: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DELETE_TIMEOUT_MS);
    void deleteDatabase(name)
      .catch(() => undefined)
      .then(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

/**
 * Every database to delete: PitClock's offline databases (the legacy 'PitClock', every account's
 * 'PitClock-u<id>' the browser lists or the device's list of accounts names) and the rest of the
 * origin's that the browser lists.
 */
async function databasesToDelete(local: ResetDeps['local']): Promise<Set<string>> {
  const names = new Set<string>([OFFLINE_DB_NAME]);
  try {
    for (const name of await offlineDatabasesOnDevice(local)) names.add(name);
    for (const name of await databaseNames()) names.add(name);
  } catch {
    // databases() failed: the known names are enough
  }
  return names;
}

/**
 * Reset App Data (SPEC.md section 2): clears local and session storage and deletes the offline
 * databases (every account's), then reloads. Nothing else (service worker, caches) is touched.
 */
export async function resetAppData(deps: ResetDeps): Promise<void> {
  // Before localStorage is cleared: it lists the accounts' databases where the browser cannot.
  const names = await databasesToDelete(deps.local);
  try {
    deps.local.clear();
  } catch {
    // storage blocked: nothing stored there
  }
  try {
    deps.session.clear();
  } catch {
    // storage blocked: nothing stored there
  }
  await Promise.all([...names].map(deleteWithin));
  deps.reload();
}

export function browserResetDeps(): ResetDeps {
  return {
    local: window.localStorage,
    session: window.sessionStorage,
    reload: () => window.location.reload(),
  };
}
