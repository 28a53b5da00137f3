// The one way the browser code opens and deletes IndexedDB databases: idb's openDB and deleteDB. The
// service worker bundles this file too; idb is pinned to 7.1.1, the version workbox already brings into
// the worker, so the worker carries one copy. Every function reads the global indexedDB when it is
// called (the service worker's self.indexedDB, a window's, or fake-indexeddb in tests); where the
// browser has none, each says what it does.
// Also here: the layout of the service worker's pending-dismissals database, which the worker writes
// (shell/src/sw.ts) and the cook-app reads (cook-app/src/lib/pending-dismissals.ts).
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Where the service worker records dismissals made from a step-alert notification (applied by the app
 * when it next starts, or when a window is told): one { stepId, at } record per dismissal, under an
 * auto-incremented key, so that reading the store in key order gives them oldest first.
 */
export const PENDING_DISMISSALS_DB = {
  name: 'pitclock-sw',
  version: 1,
  storeName: 'pending-dismissals',
} as const;

export type PendingDismissal = { stepId: string; at: string };

interface PendingDismissalsSchema extends DBSchema {
  [PENDING_DISMISSALS_DB.storeName]: { key: number; value: PendingDismissal };
}

const PENDING_DISMISSALS_BLOCKED = 'The pending dismissals database is blocked';

/** The browser's IndexedDB, or undefined where it has none (some private modes, Node). */
function browserIndexedDB(): IDBFactory | undefined {
  return (globalThis as { indexedDB?: IDBFactory }).indexedDB;
}

/** Whether this browser has IndexedDB at all. */
export function hasIndexedDB(): boolean {
  return browserIndexedDB() !== undefined;
}

/**
 * Opens the pending-dismissals database, creating its store the first time. Fails, instead of waiting,
 * while an older connection blocks an upgrade (a connection that opens after that is closed at once).
 */
function openPendingDismissals(): Promise<IDBPDatabase<PendingDismissalsSchema>> {
  const { name, version, storeName } = PENDING_DISMISSALS_DB;
  return new Promise((resolve, reject) => {
    let blocked = false;
    openDB<PendingDismissalsSchema>(name, version, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(storeName))
          db.createObjectStore(storeName, { autoIncrement: true });
      },
      blocked() {
        blocked = true;
        reject(new Error(PENDING_DISMISSALS_BLOCKED));
      },
    }).then((db) => (blocked ? db.close() : resolve(db)), reject);
  });
}

function isPendingDismissal(value: unknown): value is PendingDismissal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PendingDismissal).stepId === 'string' &&
    (value as PendingDismissal).stepId !== ''
  );
}

/** Appends { stepId, at } to the pending dismissals. Fails where IndexedDB is missing or fails. */
export async function recordPendingDismissal(stepId: string, at: string): Promise<void> {
  const db = await openPendingDismissals();
  try {
    const tx = db.transaction(PENDING_DISMISSALS_DB.storeName, 'readwrite');
    await Promise.all([tx.store.add({ stepId, at }), tx.done]);
  } finally {
    db.close();
  }
}

/**
 * Reads and clears the pending dismissals in one transaction (two callers never both get one): the
 * dismissed step ids, oldest first, each once; malformed records are dropped. Answers [] where
 * IndexedDB is missing.
 */
export async function takePendingDismissals(): Promise<string[]> {
  if (!hasIndexedDB()) return [];
  const db = await openPendingDismissals();
  try {
    const tx = db.transaction(PENDING_DISMISSALS_DB.storeName, 'readwrite');
    const [records] = await Promise.all([tx.store.getAll(), tx.store.clear(), tx.done]);
    const stepIds = (records as unknown[]).filter(isPendingDismissal).map((record) => record.stepId);
    return [...new Set(stepIds)];
  } finally {
    db.close();
  }
}

/**
 * Opens database `name` at its current version if it exists, else answers null: opening a missing
 * database would create it (an empty one its owner would then have to upgrade), so the creation is
 * aborted. The connection closes itself when another one wants to upgrade or delete the database, so
 * it never stands in its owner's way. The caller closes it when done.
 */
export async function openExistingDatabase(name: string): Promise<IDBPDatabase | null> {
  let missing = false;
  try {
    return await openDB(name, undefined, {
      upgrade(_db, _oldVersion, _newVersion, transaction, event) {
        missing = true;
        // The aborted creation fails the open request and the transaction: expected, nothing to report.
        (event.target as IDBOpenDBRequest).addEventListener('error', (failure) => failure.preventDefault());
        transaction.done.catch(() => undefined);
        transaction.abort();
      },
      blocking(_currentVersion, _blockedVersion, event) {
        (event.target as IDBDatabase).close();
      },
    });
  } catch (failure) {
    if (missing) return null;
    throw failure;
  }
}

/**
 * Deletes database `name` (idb's deleteDB); settles once it is deleted, which waits while a connection
 * of another tab does not close. Fails where IndexedDB is missing or fails.
 */
export async function deleteDatabase(name: string): Promise<void> {
  await deleteDB(name);
}

/** The names of this origin's databases; [] where the browser cannot list them or has no IndexedDB. */
export async function databaseNames(): Promise<string[]> {
  const factory = browserIndexedDB();
  if (typeof factory?.databases !== 'function') return [];
  const infos = await factory.databases();
  return infos.flatMap((info) => (info.name ? [info.name] : []));
}
