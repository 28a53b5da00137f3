import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Storage } from 'redux-persist';
import { changesApplied } from './actions';
import { firstOpened } from './app-meta-slice';
import { diagnostics } from './operations/diagnostics';
import { addTemplate } from './operations/templates';
import { PERSISTED_ITEM_KEY } from './persist';
import { sanctioningBodySelectors, templateSelectors } from './selectors';
import { memoryStorage, testStore } from './test-helpers';

/** A storage whose read waits until the test releases it (a slow device); `reading` resolves once asked. */
function slowStorage(stored: unknown) {
  const inner = memoryStorage();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked: () => void = () => {};
  const reading = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const storage: Storage & { writes: () => number; data: Map<string, unknown> } = {
    data: inner.data,
    writes: () => inner.writes,
    getItem: async () => {
      asked();
      await gate;
      return stored;
    },
    setItem: (key: string, value: unknown) => inner.setItem(key, value),
    removeItem: (key: string) => inner.removeItem(key),
  };
  return { storage, release, reading };
}

const savedState = {
  _persist: { version: 15, rehydrated: true },
  appMeta: { firstOpenedAt: null, seededAt: '2025-01-01T00:00:00.000Z' },
  templates: {
    ids: ['saved'],
    entities: {
      saved: {
        id: 'saved',
        name: 'Saved before',
        user_id: 'local',
        category_id: null,
        category_name: null,
        turn_in_time: null,
        is_archived: false,
        sort_index: 0,
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
        is_local: true,
      },
    },
  },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('rehydration', () => {
  it('waits for a slow device past 5 s instead of starting empty and overwriting IndexedDB', async () => {
    vi.useFakeTimers();
    const { storage, release } = slowStorage(savedState);
    const store = testStore({ storage });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.getState()._persist.rehydrated).toBe(false);
    expect(storage.writes()).toBe(0);

    release();
    await store.rehydrated;
    expect(templateSelectors.selectById(store.getState(), 'saved')?.name).toBe('Saved before');
    await store.flush();
    expect((storage.data.get(PERSISTED_ITEM_KEY) as typeof savedState).templates.ids).toEqual(['saved']);
  });

  it('keeps actions and an operation dispatched before the stored state arrives', async () => {
    const { storage, release, reading } = slowStorage(savedState);
    const store = testStore({ storage });
    store.dispatch(firstOpened('2026-06-01T15:00:00.000Z'));
    const early = { ...savedState.templates.entities.saved, id: 'early', name: 'Written early' };
    store.dispatch(changesApplied({ op: 'test/early', set: { templates: [early] } }));
    const adding = store.dispatch(addTemplate({ name: 'Added early' }));
    // The stored state is being read: it arrives after all of them.
    await reading;
    expect(store.getState()._persist.rehydrated).toBe(false);
    release();

    const added = await adding.unwrap();
    const state = store.getState();
    expect(
      templateSelectors
        .selectAll(state)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Added early', 'Saved before', 'Written early']);
    expect(templateSelectors.selectById(state, added.id)?.sort_index).toBe(1); // computed on the stored state
    expect(state.appMeta.firstOpenedAt).toBe('2026-06-01T15:00:00.000Z');
    await store.flush();
    expect((storage.data.get(PERSISTED_ITEM_KEY) as typeof savedState).templates.ids).toEqual([
      'saved',
      'early',
      added.id,
    ]);
  });

  it('records a plain action dispatched early when nothing was stored yet', async () => {
    const { storage, release } = slowStorage(null);
    const store = testStore({ storage });
    store.dispatch(firstOpened('2026-06-01T15:00:00.000Z'));
    release();
    await store.rehydrated;
    expect(store.getState().appMeta.firstOpenedAt).toBe('2026-06-01T15:00:00.000Z');
  });

  it('holds back writes after a failed read, so the stored data is not erased, and reports it', async () => {
    const inner = memoryStorage({ [PERSISTED_ITEM_KEY]: savedState });
    const storage: Storage = {
      ...inner,
      getItem: async () => Promise.reject(new Error('IndexedDB is blocked')),
    };
    const store = testStore({ storage });
    await store.rehydrated;
    expect(sanctioningBodySelectors.selectTotal(store.getState())).toBe(10); // usable in memory
    await store.dispatch(addTemplate({ name: 'In memory only' })).unwrap();
    await store.flush();
    expect(inner.writes).toBe(0);
    expect(inner.data.get(PERSISTED_ITEM_KEY)).toEqual(savedState);
    const report = await store.dispatch(diagnostics()).unwrap();
    expect(report).toMatchObject({ error: 'IndexedDB is blocked', migrated: false });
  });

  it('hands the storage an object, never a JSON string', async () => {
    const storage = memoryStorage();
    const store = testStore({ storage });
    await store.rehydrated;
    await store.flush();
    const stored = storage.data.get(PERSISTED_ITEM_KEY) as Record<string, unknown>;
    expect(typeof stored).toBe('object');
    expect(typeof stored.sanctioning_bodies).toBe('object');
  });

  it('records a failed write for diagnostics', async () => {
    const storage: Storage = {
      getItem: async () => null,
      setItem: async () => Promise.reject(new Error('QuotaExceededError')),
      removeItem: async () => undefined,
    };
    const store = testStore({ storage });
    await store.rehydrated;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await store.flush();
    errors.mockRestore();
    expect((await store.dispatch(diagnostics()).unwrap()).error).toBe('QuotaExceededError');
  });
});
