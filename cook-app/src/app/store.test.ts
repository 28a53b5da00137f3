import { describe, expect, it } from 'vitest';
import type { Storage } from 'redux-persist';
import { firstOpened } from './app-meta-slice';
import { PERSIST_VERSION, createCookStore } from './store';

function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (key: string) => data.get(key) ?? null,
    setItem: async (key: string, value: string) => void data.set(key, value),
    removeItem: async (key: string) => void data.delete(key),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('cook store', () => {
  it('persists its state with version 15 and restores it in a new store', async () => {
    const storage = memoryStorage();
    const first = createCookStore(storage);
    await settle();
    first.store.dispatch(firstOpened('2026-05-01T10:00:00.000Z'));
    await first.persistor.flush();
    const saved = JSON.parse(storage.data.get('persist:root')!) as Record<string, string>;
    expect(JSON.parse(saved._persist!)).toMatchObject({ version: PERSIST_VERSION });
    expect(PERSIST_VERSION).toBe(15);

    const second = createCookStore(storage);
    await settle();
    expect(second.store.getState().appMeta.firstOpenedAt).toBe('2026-05-01T10:00:00.000Z');
  });

  it('keeps the first opening time', () => {
    const { store } = createCookStore(memoryStorage());
    store.dispatch(firstOpened('2026-05-01T10:00:00.000Z'));
    store.dispatch(firstOpened('2026-06-01T10:00:00.000Z'));
    expect(store.getState().appMeta.firstOpenedAt).toBe('2026-05-01T10:00:00.000Z');
  });
});
