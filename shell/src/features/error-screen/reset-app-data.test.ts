// fake-indexeddb/auto provides IndexedDB's globals; each test gets an IndexedDB of its own.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { resetAppData } from './reset-app-data';

/** A fresh IndexedDB as the browser's, holding the (empty) databases `names`. */
async function indexedDBWith(names: string[]) {
  const factory = new IDBFactory();
  vi.stubGlobal('indexedDB', factory);
  for (const name of names) {
    const open = factory.open(name);
    await new Promise((resolve) => (open.onsuccess = resolve));
    open.result.close();
  }
  const stored = async () => (await factory.databases()).map((info) => info.name).sort();
  return { factory, stored };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Reset App Data', () => {
  it("deletes every PitClock database, the legacy one and each account's, and clears the storage", async () => {
    const { stored } = await indexedDBWith(['PitClock', 'PitClock-u7', 'PitClock-u12', 'pitclock-sw']);
    localStorage.setItem('PitClock-u7:cloudBackupApiKey', 'key-of-7');
    const reload = vi.fn();
    await resetAppData({ local: localStorage, session: sessionStorage, reload });
    expect(await stored()).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("where the browser cannot list its databases, deletes the accounts' databases the device recorded", async () => {
    const { factory, stored } = await indexedDBWith([
      'PitClock',
      'PitClock-u7',
      'PitClock-u12',
      'keyval-store',
    ]);
    Object.defineProperty(factory, 'databases', { value: undefined, configurable: true });
    localStorage.setItem('PitClock-accounts', '["7","12"]');
    const reload = vi.fn();
    await resetAppData({ local: localStorage, session: sessionStorage, reload });
    Reflect.deleteProperty(factory, 'databases');
    expect(await stored()).toEqual(['keyval-store']);
    expect(localStorage.length).toBe(0);
  });
});
