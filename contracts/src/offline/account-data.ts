// Whose data is on the device. Each account keeps its offline data apart: its own IndexedDB database
// (offlineDbNameFor) and its own localStorage keys (accountStorageKey), so that on a shared phone an
// account signing in never sees another's, and finds its own as it left it, online or not.
// The data of the versions before that (database 'PitClock' and the unsuffixed keys) belongs to nobody
// yet: the first account that signs in on the device after the upgrade claims it, exactly once (the
// claim is recorded in localStorage before anything moves, so a second account never claims it).
// The device also keeps a list of the accounts whose database it made, for Reset App Data where the
// browser cannot list its databases (indexedDB.databases() is missing in some browsers).
import type { StorageLike } from '../session/memory-storage';
import { databaseNames, deleteDatabase, hasIndexedDB, openExistingDatabase } from './indexed-db';
import {
  ACCOUNT_DATA_KEYS,
  OFFLINE_DB,
  accountKeyPrefix,
  accountStorageKey,
  isOfflineDbName,
  offlineDbNameFor,
} from './offline-db';

/** A Storage whose keys can be listed (localStorage, createMemoryStorage()). */
export type ListableStorage = StorageLike & { readonly length: number; key(index: number): string | null };

const read = (storage: StorageLike, key: string): string | null => {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
};

const write = (storage: StorageLike, key: string, value: string | null): void => {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Full or blocked storage.
  }
};

function keysOf(storage: ListableStorage): string[] {
  const keys: string[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null) keys.push(key);
    }
  } catch {
    // Blocked storage: nothing to list.
  }
  return keys;
}

/**
 * The view of `storage` that belongs to one account: every key is read and written as
 * accountStorageKey(accountId, key), so code that keeps settings under fixed names keeps them per account.
 */
export function accountScopedStorage(storage: StorageLike, accountId: string): StorageLike {
  return {
    getItem: (key) => storage.getItem(accountStorageKey(accountId, key)),
    setItem: (key, value) => storage.setItem(accountStorageKey(accountId, key), value),
    removeItem: (key) => storage.removeItem(accountStorageKey(accountId, key)),
  };
}

/** The accounts whose database this device made (as recorded; unreadable entries left out). */
export function registeredAccounts(storage: StorageLike): string[] {
  try {
    const list: unknown = JSON.parse(read(storage, ACCOUNT_DATA_KEYS.accounts) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  } catch {
    return [];
  }
}

/** Records that `accountId` has a database on this device (before the database is made). */
export function registerAccount(storage: StorageLike, accountId: string): void {
  const accounts = registeredAccounts(storage);
  if (!accounts.includes(accountId))
    write(storage, ACCOUNT_DATA_KEYS.accounts, JSON.stringify([...accounts, accountId]));
}

function unregisterAccount(storage: StorageLike, accountId: string): void {
  const accounts = registeredAccounts(storage).filter((id) => id !== accountId);
  write(storage, ACCOUNT_DATA_KEYS.accounts, accounts.length === 0 ? null : JSON.stringify(accounts));
}

/**
 * Whether `accountId` owns the legacy data: the first account asking becomes its owner (recorded at
 * once), and only that account ever gets true afterwards. Where the record cannot be written (blocked
 * storage), nobody claims it: the legacy data stays where it is rather than risk two owners.
 */
export function claimLegacyData(storage: StorageLike, accountId: string): boolean {
  const owner = read(storage, ACCOUNT_DATA_KEYS.legacyOwner);
  if (owner !== null) return owner === accountId;
  write(storage, ACCOUNT_DATA_KEYS.legacyOwner, accountId);
  return read(storage, ACCOUNT_DATA_KEYS.legacyOwner) === accountId;
}

/**
 * Moves the legacy localStorage keys (those `isLegacyKey` accepts; never another account's or the
 * device's bookkeeping) to the account's names, value as is; a value the account already has wins.
 * Call it only for the legacy owner (claimLegacyData).
 */
export function moveLegacyKeys(
  storage: ListableStorage,
  accountId: string,
  isLegacyKey: (key: string) => boolean,
): void {
  for (const key of keysOf(storage)) {
    if (isAccountDataKey(key) || !isLegacyKey(key)) continue;
    const value = read(storage, key);
    const target = accountStorageKey(accountId, key);
    if (value !== null && read(storage, target) === null) write(storage, target, value);
    write(storage, key, null);
  }
}

const isAccountDataKey = (key: string) =>
  key.startsWith(`${OFFLINE_DB.name}-`) || Object.values<string>(ACCOUNT_DATA_KEYS).includes(key);

/**
 * The persisted state in the legacy database 'PitClock', as stored; null where there is none (no
 * IndexedDB, no database, no record). Read-only: a missing database is not created.
 */
export async function readLegacyState(): Promise<unknown> {
  if (!hasIndexedDB()) return null;
  const db = await openExistingDatabase(OFFLINE_DB.name);
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains(OFFLINE_DB.storeName)) return null;
    return (await db.get(OFFLINE_DB.storeName, OFFLINE_DB.key)) ?? null;
  } finally {
    db.close();
  }
}

/** Deletes the legacy database 'PitClock' (after its state has moved to its owner's database). */
export async function deleteLegacyDatabase(): Promise<void> {
  if (hasIndexedDB()) await deleteDatabase(OFFLINE_DB.name);
}

/**
 * Every offline database of PitClock on this device: the legacy 'PitClock', the databases of the
 * accounts recorded in `storage`, and those the browser lists (where it can). Read it before clearing
 * `storage`.
 */
export async function offlineDatabasesOnDevice(storage: StorageLike): Promise<string[]> {
  const names = new Set<string>([OFFLINE_DB.name]);
  for (const accountId of registeredAccounts(storage)) names.add(offlineDbNameFor(accountId));
  try {
    for (const name of await databaseNames()) if (isOfflineDbName(name)) names.add(name);
  } catch {
    // databases() failed: the recorded names are what we know.
  }
  return [...names];
}

/**
 * Removes one account's data from this device: its localStorage keys at once, then its database
 * (which waits while another tab keeps it open); the account leaves the device's list once the
 * database is gone. The account's store must be disposed first, or it would write the database again.
 */
export async function removeAccountData(storage: ListableStorage, accountId: string): Promise<void> {
  const prefix = accountKeyPrefix(accountId);
  for (const key of keysOf(storage)) if (key.startsWith(prefix)) write(storage, key, null);
  if (hasIndexedDB()) await deleteDatabase(offlineDbNameFor(accountId));
  unregisterAccount(storage, accountId);
}
