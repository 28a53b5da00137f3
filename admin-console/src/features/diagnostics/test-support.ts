// Test-only: persisted states shaped like the cook-app's (cook-app/src/store: entity slices of stamped
// records, appMeta, redux-persist's _persist) and a writer that stores one in an IndexedDB the way
// localforage does (the signed-in test account's database 'PitClock-u1' version 1, object store 'state',
// the value under 'persist:root').
import { session } from '@pitclock/contracts';
import { makeJwt } from '@pitclock/contracts/testing';
import { OFFLINE_DB, OFFLINE_STORES } from './offline-db';
import { offlineDbNameFor } from '@pitclock/contracts/offline-db';

/** The account the diagnostics tests sign in as, and its offline database. */
export const TEST_ACCOUNT = '1';
export const TEST_DB = offlineDbNameFor(TEST_ACCOUNT);

/** Signs the page in as TEST_ACCOUNT (the diagnostics read that account's database). */
export function signInTestAccount() {
  session.setTokens({ token: makeJwt({ sub: TEST_ACCOUNT }) });
}

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

function open(idb: IDBFactory, withStore: boolean, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = idb.open(name, 1);
    request.onupgradeneeded = () => {
      if (withStore) request.result.createObjectStore(OFFLINE_DB.storeName);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Stores `value` as the persisted record (as localforage's IndexedDB driver does: the value itself). */
export async function writeStoredState(idb: IDBFactory, value: unknown, name: string = TEST_DB) {
  const db = await open(idb, true, name);
  const transaction = db.transaction(OFFLINE_DB.storeName, 'readwrite');
  transaction.objectStore(OFFLINE_DB.storeName).put(value, OFFLINE_DB.key);
  await committed(transaction);
  db.close();
}

/** Creates the database without the 'state' store (as an interrupted first start could leave it). */
export async function createEmptyDatabase(idb: IDBFactory, name: string = TEST_DB) {
  (await open(idb, false, name)).close();
}

/** Names of the databases that exist in `idb`. */
export async function databaseNames(idb: IDBFactory) {
  return (await idb.databases()).map((info) => info.name);
}
