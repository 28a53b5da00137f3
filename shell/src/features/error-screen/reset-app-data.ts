import { OFFLINE_DB } from '@pitclock/contracts/offline-db';

/** IndexedDB database of the cook-app's offline data (localforage, named after the product). */
export const OFFLINE_DB_NAME = OFFLINE_DB.name;
const DELETE_TIMEOUT_MS = 2000;

export type ResetDeps = {
  local: Pick<Storage, 'clear'>;
  session: Pick<Storage, 'clear'>;
  indexedDB: Pick<IDBFactory, 'deleteDatabase'> & { databases?: () => Promise<IDBDatabaseInfo[]> };
  reload: () => void;
};

function deleteDatabase(factory: ResetDeps['indexedDB'], name: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DELETE_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      const request = factory.deleteDatabase(name);
      request.onsuccess = done;
      request.onerror = done;
      // 'blocked' while a connection is still open: localforage closes it on versionchange, so the
      // deletion goes on; the timer ends the wait either way.
    } catch {
      done();
    }
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
    const infos = (await deps.indexedDB.databases?.()) ?? [];
    for (const info of infos) if (info.name) names.add(info.name);
  } catch {
    // databases() is not available everywhere: the known name is enough
  }
  await Promise.all([...names].map((name) => deleteDatabase(deps.indexedDB, name)));
  deps.reload();
}

export function browserResetDeps(): ResetDeps {
  return {
    local: window.localStorage,
    session: window.sessionStorage,
    indexedDB: window.indexedDB,
    reload: () => window.location.reload(),
  };
}
