// Test-only: persisted states shaped like the cook-app's (cook-app/src/store: entity slices of stamped
// records, appMeta, redux-persist's _persist) and a writer that stores one in an IndexedDB the way
// localforage does (database 'PitClock' version 1, object store 'state', the value under 'persist:root').
import { OFFLINE_DB, OFFLINE_STORES } from './offline-db';

const STAMP = {
  created_at: '2026-05-01T09:00:00.000Z',
  updated_at: '2026-05-01T09:00:00.000Z',
  is_local: true,
};

/** The ten seeded sanctioning bodies of SPEC.md section 3, ids '1'..'10' as the cook-app seeds them. */
export const SEEDED_BODIES = [
  'Kansas City Barbecue Society (KCBS)',
  'Champions BBQ Alliance (CBA)',
  'Outlaw BBQ Association (OBA)',
  "Barbecue Competitor's Alliance (BCA)",
  'International Barbecue Cookers Association (IBCA)',
  'Florida Bar-B-Q Association (FBA)',
  'Memphis Barbecue Network (MBN)',
  'Pacific Northwest Barbecue Association (PNWBA)',
  'Lone Star Barbecue Society (LSBS)',
  'Unsanctioned',
];

type Rec = { id: string } & Record<string, unknown>;

/** An entity adapter's state ({ids, entities}) of `records`. */
export function entityState(records: Rec[]) {
  return {
    ids: records.map((record) => record.id),
    entities: Object.fromEntries(records.map((record) => [record.id, record])),
  };
}

export const bodies = (names: string[]) =>
  names.map((name, index) => ({ id: String(index + 1), name, description: null, ...STAMP }));

export const globalCategories = (names = ['Chicken', 'Ribs', 'Pork', 'Brisket']) =>
  names.map((name, index) => ({ id: String(index + 1), name, description: null, user_id: null, ...STAMP }));

/** A persisted cook-app state at `version` with the given records per store (others empty). */
export function cookState({
  version = OFFLINE_DB.version,
  seededAt = '2026-05-01T09:00:00.000Z',
  migratedFrom = null,
  migratedAt = null,
  records = {},
}: {
  version?: number;
  seededAt?: string | null;
  migratedFrom?: number | null;
  migratedAt?: string | null;
  records?: Partial<Record<(typeof OFFLINE_STORES)[number], Rec[]>>;
} = {}) {
  const stores = Object.fromEntries(
    OFFLINE_STORES.map((store) => [store, entityState(records[store] ?? [])]),
  );
  return {
    appMeta: { firstOpenedAt: '2026-05-01T09:00:00.000Z', seededAt, migratedFrom, migratedAt },
    ...stores,
    _persist: { version, rehydrated: true },
  };
}

const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });

function open(idb: IDBFactory, withStore: boolean): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = idb.open(OFFLINE_DB.name, 1);
    request.onupgradeneeded = () => {
      if (withStore) request.result.createObjectStore(OFFLINE_DB.storeName);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Stores `value` as the persisted record (as localforage's IndexedDB driver does: the value itself). */
export async function writeStoredState(idb: IDBFactory, value: unknown) {
  const db = await open(idb, true);
  const transaction = db.transaction(OFFLINE_DB.storeName, 'readwrite');
  transaction.objectStore(OFFLINE_DB.storeName).put(value, OFFLINE_DB.key);
  await committed(transaction);
  db.close();
}

/** Creates the database without the 'state' store (as an interrupted first start could leave it). */
export async function createEmptyDatabase(idb: IDBFactory) {
  (await open(idb, false)).close();
}

/** Names of the databases that exist in `idb`. */
export async function databaseNames(idb: IDBFactory) {
  return (await idb.databases()).map((info) => info.name);
}
