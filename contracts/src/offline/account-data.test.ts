import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../session/memory-storage';
import {
  accountScopedStorage,
  claimLegacyData,
  deleteLegacyDatabase,
  moveLegacyKeys,
  offlineDatabasesOnDevice,
  readLegacyState,
  registerAccount,
  registeredAccounts,
  removeAccountData,
} from './account-data';
import { databaseNames } from './indexed-db';
import {
  ACCOUNT_DATA_KEYS,
  OFFLINE_DB,
  accountStorageKey,
  isOfflineDbName,
  offlineDbNameFor,
} from './offline-db';

/** Makes database `name` with localforage's layout, holding `state` under the persisted key. */
function storeState(name: string, state: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(OFFLINE_DB.storeName);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(OFFLINE_DB.storeName, 'readwrite');
      tx.objectStore(OFFLINE_DB.storeName).put(state, OFFLINE_DB.key);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('names', () => {
  it("names an account's database and keys after its id, and tells PitClock's databases apart", () => {
    expect(offlineDbNameFor('7')).toBe('PitClock-u7');
    expect(accountStorageKey('7', 'cloudBackupApiKey')).toBe('PitClock-u7:cloudBackupApiKey');
    expect(['PitClock', 'PitClock-u7', 'PitClock-u123'].every(isOfflineDbName)).toBe(true);
    expect(
      ['pitclock-sw', 'PitClock-u', 'PitClock-u0', 'PitClock-ux', 'keyval-store'].some(isOfflineDbName),
    ).toBe(false);
  });
});

describe('accountScopedStorage', () => {
  it("keeps each account's values under its own keys, invisible to the other", () => {
    const storage = createMemoryStorage();
    const a = accountScopedStorage(storage, '1');
    const b = accountScopedStorage(storage, '2');
    a.setItem('cloudBackupApiKey', 'key-of-a');
    expect(b.getItem('cloudBackupApiKey')).toBeNull();
    expect(storage.getItem('cloudBackupApiKey')).toBeNull();
    expect(storage.getItem('PitClock-u1:cloudBackupApiKey')).toBe('key-of-a');
    a.removeItem('cloudBackupApiKey');
    expect(storage.length).toBe(0);
  });
});

describe('the legacy data', () => {
  it('is claimed by the first account that asks, and by no other afterwards', () => {
    const storage = createMemoryStorage();
    expect(claimLegacyData(storage, '1')).toBe(true);
    expect(claimLegacyData(storage, '2')).toBe(false);
    expect(claimLegacyData(storage, '1')).toBe(true);
    expect(storage.getItem(ACCOUNT_DATA_KEYS.legacyOwner)).toBe('1');
  });

  it('is claimed by nobody where the claim cannot be recorded', () => {
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(claimLegacyData(blocked, '1')).toBe(false);
  });

  it("moves the legacy keys to the account's names, keeping values the account has and others' keys", () => {
    const storage = createMemoryStorage({
      cloudBackupApiKey: 'legacy-key',
      cloudBackupRefs: '[legacy]',
      'cloudBackupLocal:b1': '{"x":1}',
      'PitClock-u1:cloudBackupRefs': '[own]',
      'PitClock-u2:cloudBackupApiKey': 'key-of-2',
      theme: 'dark',
    });
    const legacy = (key: string) => key === 'cloudBackupApiKey' || key.startsWith('cloudBackup');
    moveLegacyKeys(storage, '1', legacy);
    expect(
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').map((k) => [
          k,
          storage.getItem(k),
        ]),
      ),
    ).toEqual({
      'PitClock-u1:cloudBackupApiKey': 'legacy-key',
      'PitClock-u1:cloudBackupRefs': '[own]',
      'PitClock-u1:cloudBackupLocal:b1': '{"x":1}',
      'PitClock-u2:cloudBackupApiKey': 'key-of-2',
      theme: 'dark',
    });
  });

  it("reads the legacy database's state as stored without creating a missing one, and deletes it", async () => {
    expect(await readLegacyState()).toBeNull();
    expect(await databaseNames()).toEqual([]);
    await storeState('PitClock', { contests: { ids: ['c1'] } });
    expect(await readLegacyState()).toEqual({ contests: { ids: ['c1'] } });
    await deleteLegacyDatabase();
    expect(await databaseNames()).toEqual([]);
  });
});

describe('the accounts on the device', () => {
  it('lists the legacy, the recorded and the listed databases, and no others', async () => {
    const storage = createMemoryStorage();
    registerAccount(storage, '3');
    registerAccount(storage, '3');
    expect(registeredAccounts(storage)).toEqual(['3']);
    await storeState('PitClock-u5', {});
    await storeState('pitclock-sw', {});
    expect((await offlineDatabasesOnDevice(storage)).sort()).toEqual([
      'PitClock',
      'PitClock-u3',
      'PitClock-u5',
    ]);
  });

  it('falls back on the recorded accounts where the browser cannot list its databases', async () => {
    const factory = new IDBFactory();
    Object.defineProperty(factory, 'databases', { value: undefined });
    vi.stubGlobal('indexedDB', factory);
    const storage = createMemoryStorage({ [ACCOUNT_DATA_KEYS.accounts]: '["4","9"]' });
    expect(await offlineDatabasesOnDevice(storage)).toEqual(['PitClock', 'PitClock-u4', 'PitClock-u9']);
  });

  it("removes one account's database and keys, and leaves the other account's and the device's", async () => {
    const storage = createMemoryStorage({
      'PitClock-u1:cloudBackupApiKey': 'key-of-1',
      'PitClock-u1:pitclock_push_outbox': '{"entries":[]}',
      'PitClock-u12:cloudBackupApiKey': 'key-of-12',
      bbq_device_id: 'device-x',
    });
    registerAccount(storage, '1');
    registerAccount(storage, '12');
    await storeState('PitClock-u1', { mine: 1 });
    await storeState('PitClock-u12', { mine: 12 });
    await removeAccountData(storage, '1');
    expect(await databaseNames()).toEqual(['PitClock-u12']);
    expect(storage.getItem('PitClock-u1:cloudBackupApiKey')).toBeNull();
    expect(storage.getItem('PitClock-u1:pitclock_push_outbox')).toBeNull();
    expect(storage.getItem('PitClock-u12:cloudBackupApiKey')).toBe('key-of-12');
    expect(storage.getItem('bbq_device_id')).toBe('device-x');
    expect(registeredAccounts(storage)).toEqual(['12']);
  });
});
