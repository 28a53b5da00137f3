// fake-indexeddb/auto provides IndexedDB's globals; each test installs its own indexedDB as the browser's.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { session } from '@pitclock/contracts';
import { makeJwt } from '@pitclock/contracts/testing';
import { NO_INDEXED_DB, OFFLINE_DB, readOfflineState, signedInDatabase } from './offline-db';
import {
  TEST_DB,
  cookState,
  createEmptyDatabase,
  databaseNames,
  signInTestAccount,
  writeStoredState,
} from './test-support';

/** A new, empty IndexedDB installed as the browser's (the one readOfflineState reads). */
function browserIndexedDB(): IDBFactory {
  const idb = new IDBFactory();
  vi.stubGlobal('indexedDB', idb);
  return idb;
}

beforeEach(() => {
  signInTestAccount();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readOfflineState (read-only, IndexedDB)', () => {
  it("answers the record stored under 'persist:root' in the signed-in account's database, PitClock-u1/state", async () => {
    const idb = browserIndexedDB();
    const state = cookState();
    await writeStoredState(idb, state);
    expect(await readOfflineState()).toEqual(state);
  });

  it('answers null without creating the database when there is none', async () => {
    const idb = browserIndexedDB();
    expect(await readOfflineState()).toBeNull();
    expect(await databaseNames(idb)).toEqual([]);
  });

  it("answers null when the database has no 'state' store, and leaves its version alone", async () => {
    const idb = browserIndexedDB();
    await createEmptyDatabase(idb);
    expect(await readOfflineState()).toBeNull();
    const [info] = await idb.databases();
    expect(info).toEqual({ name: TEST_DB, version: 1 });
  });

  it('answers null when the store holds no record', async () => {
    const idb = browserIndexedDB();
    await writeStoredState(idb, cookState());
    const open = idb.open(TEST_DB);
    await new Promise((resolve) => (open.onsuccess = resolve));
    const tx = open.result.transaction(OFFLINE_DB.storeName, 'readwrite');
    tx.objectStore(OFFLINE_DB.storeName).delete(OFFLINE_DB.key);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    open.result.close();
    expect(await readOfflineState()).toBeNull();
  });

  it('closes its connection, so the cook-app can upgrade the database afterwards', async () => {
    const idb = browserIndexedDB();
    await writeStoredState(idb, cookState());
    await readOfflineState();
    const upgrade = idb.open(TEST_DB, 2);
    const outcome = await new Promise((resolve) => {
      upgrade.onblocked = () => resolve('blocked');
      upgrade.onsuccess = () => resolve('upgraded');
    });
    upgrade.result?.close();
    expect(outcome).toBe('upgraded');
  });

  it('fails with a clear text where the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expect(readOfflineState()).rejects.toThrow(NO_INDEXED_DB);
  });

  it("reads the signed-in account's database only: not another account's, not the legacy one, nothing signed out", async () => {
    const idb = browserIndexedDB();
    await writeStoredState(idb, cookState(), 'PitClock-u2');
    await writeStoredState(idb, cookState(), OFFLINE_DB.name);
    expect(signedInDatabase()).toBe('PitClock-u1');
    expect(await readOfflineState()).toBeNull();
    session.setTokens({ token: makeJwt({ sub: '2' }) });
    expect(await readOfflineState()).toEqual(cookState());
    session.clear();
    expect(signedInDatabase()).toBeNull();
    expect(await readOfflineState()).toBeNull();
  });
});
