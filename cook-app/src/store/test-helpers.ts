// Helpers for the store's tests (not part of the public surface).
import { expect } from 'vitest';
import type { Storage } from 'redux-persist';
import { createCookStore, type CookStoreOptions } from './create-cook-store';
import type { OperationError } from './thunk';

/** A storage that keeps structured clones, like IndexedDB does (no JSON). */
export function memoryStorage(initial: Record<string, unknown> = {}) {
  const data = new Map<string, unknown>(Object.entries(initial));
  const storage: Storage & { data: Map<string, unknown>; writes: number } = {
    data,
    writes: 0,
    getItem: async (key: string) => (data.has(key) ? structuredClone(data.get(key)) : null),
    setItem: async (key: string, value: unknown) => {
      storage.writes += 1;
      data.set(key, structuredClone(value));
    },
    removeItem: async (key: string) => void data.delete(key),
  };
  return storage;
}

export const T0 = Date.parse('2026-06-01T15:00:00.000Z');

/** A store with a settable clock, ids 'id-1', 'id-2'..., the UTC time zone and no page listeners. */
export function testStore(options: CookStoreOptions = {}) {
  const clock = { now: T0 };
  let next = 0;
  const bundle = createCookStore({
    storage: memoryStorage(),
    clock: () => clock.now,
    newId: () => `id-${++next}`,
    timeZone: 'UTC',
    appVersion: '9.9.9-test',
    page: null,
    ...options,
  });
  return { ...bundle, clock, dispatch: bundle.store.dispatch, getState: bundle.store.getState };
}

export type TestStore = ReturnType<typeof testStore>;

/** A store ready for operations (rehydrated and seeded). */
export async function readyStore(options: CookStoreOptions = {}) {
  const store = testStore(options);
  await store.rehydrated;
  return store;
}

/**
 * Runs an operation that must fail: asserts its rejection text and that the state is the very same
 * object as before (nothing changed, nothing to persist).
 */
export async function expectRejectedUnchanged(
  store: TestStore,
  run: () => Promise<unknown>,
  message: string,
) {
  await store.rehydrated;
  const before = store.getState();
  let error: OperationError | undefined;
  try {
    await run();
  } catch (caught) {
    error = caught as OperationError;
  }
  expect(error, 'the operation should reject').toBeDefined();
  expect(error?.message).toBe(message);
  expect(store.getState()).toBe(before);
}
