// fake-indexeddb/auto provides IndexedDB's globals (idb checks values against IDBRequest and the other
// classes); each test gets an empty IndexedDB of its own as the global indexedDB.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  PENDING_DISMISSALS_DB,
  databaseNames,
  deleteDatabase,
  hasIndexedDB,
  openExistingDatabase,
  recordPendingDismissal,
  takePendingDismissals,
} from './indexed-db';

const AT = '2026-06-01T15:00:00.000Z';
const { name: DISMISSALS, storeName: STORE } = PENDING_DISMISSALS_DB;

/** Opens `name` with the raw API, at `version`, creating `stores` in the upgrade. */
function openRaw(name: string, version?: number, stores: string[] = []): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => {
      for (const store of stores) request.result.createObjectStore(store);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function storedDismissals(): Promise<unknown[]> {
  const db = await openExistingDatabase(DISMISSALS);
  if (!db) return [];
  try {
    return await db.getAll(STORE);
  } finally {
    db.close();
  }
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pending dismissals', () => {
  it('records { stepId, at } under auto-incremented keys, in the layout both sides open', async () => {
    await recordPendingDismissal('step-1', AT);
    await recordPendingDismissal('step-2', AT);
    expect(await storedDismissals()).toEqual([
      { stepId: 'step-1', at: AT },
      { stepId: 'step-2', at: AT },
    ]);
    expect(await indexedDB.databases()).toEqual([{ name: 'pitclock-sw', version: 1 }]);
    const db = await openRaw(DISMISSALS);
    const store = db.transaction(STORE).objectStore(STORE);
    expect([store.name, store.autoIncrement, store.keyPath]).toEqual(['pending-dismissals', true, null]);
    db.close();
  });

  it('takes the recorded step ids oldest first, each once, and leaves the store empty', async () => {
    for (const stepId of ['step-2', 'step-1', 'step-2']) await recordPendingDismissal(stepId, AT);
    expect(await takePendingDismissals()).toEqual(['step-2', 'step-1']);
    expect(await storedDismissals()).toEqual([]);
    expect(await takePendingDismissals()).toEqual([]);
  });

  it('drops malformed records as it takes them', async () => {
    await recordPendingDismissal('step-1', AT);
    const db = await openExistingDatabase(DISMISSALS);
    for (const value of [{ at: 'no step' }, 'step-3', { stepId: '' }, null]) await db?.add(STORE, value);
    db?.close();
    expect(await takePendingDismissals()).toEqual(['step-1']);
    expect(await storedDismissals()).toEqual([]);
  });

  it('creates the database when nothing was recorded yet, and answers []', async () => {
    expect(await takePendingDismissals()).toEqual([]);
    expect(await databaseNames()).toEqual([DISMISSALS]);
  });

  it('without IndexedDB, take answers [] and record fails', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(hasIndexedDB()).toBe(false);
    expect(await takePendingDismissals()).toEqual([]);
    await expect(recordPendingDismissal('step-1', AT)).rejects.toThrow();
  });

  it('a take gives back exactly the distinct steps recorded before it, in first-recorded order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 8 }), async (stepIds) => {
        vi.stubGlobal('indexedDB', new IDBFactory());
        for (const stepId of stepIds) await recordPendingDismissal(stepId, AT);
        expect(await takePendingDismissals()).toEqual([...new Set(stepIds)]);
        expect(await takePendingDismissals()).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('two takes at once never both get a dismissal, and together get all of them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        async (stepIds) => {
          vi.stubGlobal('indexedDB', new IDBFactory());
          for (const stepId of stepIds) await recordPendingDismissal(stepId, AT);
          const [first, second] = await Promise.all([takePendingDismissals(), takePendingDismissals()]);
          expect(first.filter((stepId) => second.includes(stepId))).toEqual([]);
          expect([...first, ...second].sort()).toEqual([...stepIds].sort());
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('openExistingDatabase', () => {
  it('answers null for a missing database, and does not create it', async () => {
    expect(await openExistingDatabase('PitClock')).toBeNull();
    expect(await indexedDB.databases()).toEqual([]);
  });

  it('opens an existing database at its version, with its stores', async () => {
    (await openRaw('PitClock', 3, ['state'])).close();
    const db = await openExistingDatabase('PitClock');
    expect([db?.version, [...(db?.objectStoreNames ?? [])]]).toEqual([3, ['state']]);
    db?.close();
  });

  it('closes itself when another connection upgrades or deletes the database', async () => {
    (await openRaw('PitClock', 1, ['state'])).close();
    const held = await openExistingDatabase('PitClock');
    expect(held).not.toBeNull();
    const upgrade = indexedDB.open('PitClock', 2);
    const outcome = await new Promise((resolve) => {
      upgrade.onblocked = () => resolve('blocked');
      upgrade.onsuccess = () => resolve('upgraded');
    });
    upgrade.result.close();
    expect(outcome).toBe('upgraded');

    const again = await openExistingDatabase('PitClock');
    await deleteDatabase('PitClock');
    expect(again).not.toBeNull();
    expect(await indexedDB.databases()).toEqual([]);
  });

  it('fails where the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expect(openExistingDatabase('PitClock')).rejects.toThrow();
  });
});

describe('deleteDatabase and databaseNames', () => {
  it('lists the databases of the origin and deletes one', async () => {
    (await openRaw('PitClock', 1, ['state'])).close();
    (await openRaw('keyval-store')).close();
    expect((await databaseNames()).sort()).toEqual(['PitClock', 'keyval-store']);
    await deleteDatabase('keyval-store');
    expect(await databaseNames()).toEqual(['PitClock']);
  });

  it('lists nothing where databases() or IndexedDB is missing; deleting fails without IndexedDB', async () => {
    const factory = new IDBFactory();
    Object.defineProperty(factory, 'databases', { value: undefined });
    vi.stubGlobal('indexedDB', factory);
    expect(await databaseNames()).toEqual([]);
    vi.stubGlobal('indexedDB', undefined);
    expect(await databaseNames()).toEqual([]);
    await expect(deleteDatabase('PitClock')).rejects.toThrow();
  });
});
