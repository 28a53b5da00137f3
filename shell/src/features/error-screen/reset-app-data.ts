import { OFFLINE_DB } from '@pitclock/contracts/offline-db';
import { databaseNames, deleteDatabase } from '@pitclock/contracts/indexed-db';

/** IndexedDB database of the cook-app's offline data (localforage, named after the product). */
export const OFFLINE_DB_NAME = OFFLINE_DB.name;
const DELETE_TIMEOUT_MS = 2000;

/** What Reset App Data clears and how it reloads; the databases are the browser's IndexedDB. */
export type ResetDeps = {
  local: Pick<Storage, 'clear'>;
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
 * Reset App Data (SPEC.md section 2): clears local and session storage and deletes the offline
 * database(s), then reloads. Nothing else (service worker, caches) is touched.
 */
export async function resetAppData(deps: ResetDeps): Promise<void> {
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
  const names = new Set<string>([OFFLINE_DB_NAME]);
  try {
    for (const name of await databaseNames()) names.add(name);
  } catch {
    // databases() failed: the known name is enough
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
