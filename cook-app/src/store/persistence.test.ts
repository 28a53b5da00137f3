// Persistence through the real localforage on IndexedDB (fake-indexeddb provides IndexedDB in Node; it
// must be loaded before localforage, which detects its drivers when first imported).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Storage } from 'redux-persist';
import { createCookStore, type CookStoreBundle, type CookStoreOptions } from './create-cook-store';
import { exportBackup, importRestore } from './operations/backup';
import { addContest, attachTemplate } from './operations/contests';
import { getOrStartRunForContest } from './operations/runs';
import { addTemplateStep } from './operations/steps';
import { addTemplate, updateTemplate } from './operations/templates';
import { OFFLINE_DB_NAME, OFFLINE_STORE_NAME, PERSISTED_ITEM_KEY, offlineStorage } from './persist';
import { selectCookData } from './selectors';
import { T0 } from './test-helpers';

/** Reads the persisted record straight from IndexedDB, bypassing localforage. */
function readIndexedDb(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(OFFLINE_DB_NAME);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const get = db
        .transaction(OFFLINE_STORE_NAME, 'readonly')
        .objectStore(OFFLINE_STORE_NAME)
        .get(PERSISTED_ITEM_KEY);
      get.onsuccess = () => {
        db.close();
        resolve(get.result);
      };
      get.onerror = () => reject(get.error);
    };
  });
}

/** localforage storage that counts its writes. */
function countingStorage() {
  const inner = offlineStorage();
  const counted: Storage & { writes: number } = {
    writes: 0,
    getItem: (key: string) => inner.getItem(key),
    setItem: (key: string, value: unknown) => {
      counted.writes += 1;
      return inner.setItem(key, value);
    },
    removeItem: (key: string) => inner.removeItem(key),
  };
  return counted;
}

const open: CookStoreBundle[] = [];
function start(options: CookStoreOptions = {}) {
  let next = 0;
  const bundle = createCookStore({
    clock: () => T0,
    newId: () => `id-${++next}`,
    timeZone: 'UTC',
    page: null,
    ...options,
  });
  open.push(bundle);
  return bundle;
}

beforeEach(async () => {
  await offlineStorage().removeItem(PERSISTED_ITEM_KEY);
});

afterEach(async () => {
  for (const bundle of open.splice(0)) {
    await bundle.flush();
    bundle.dispose();
  }
});

describe('persistence on IndexedDB (localforage, database PitClock)', () => {
  it('writes the state, and a new store loaded from IndexedDB finds the same data', async () => {
    const first = start();
    await first.rehydrated;
    const { dispatch } = first.store;
    const template = await dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:00' })).unwrap();
    await dispatch(
      addTemplateStep({ template_id: template.id, name: 'Wrap', minutes_before_turn_in: 90 }),
    ).unwrap();
    const contest = await dispatch(
      addContest({ name: 'Odessa', sanctioning_body_id: '1', contest_date: '2026-06-10' }),
    ).unwrap();
    await dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
    await dispatch(getOrStartRunForContest(contest.id)).unwrap();
    await first.flush();
    first.dispose();

    const second = start();
    await second.rehydrated;
    expect(selectCookData(second.store.getState())).toEqual(selectCookData(first.store.getState()));
    expect(second.store.getState().appMeta).toEqual(first.store.getState().appMeta);
    expect(second.health).toEqual({ rehydrateError: null, writeError: null, migratedFrom: null });
  });

  it('stores structured data (an object, not a JSON string) at version 15', async () => {
    const bundle = start();
    await bundle.rehydrated;
    await bundle.store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    await bundle.flush();
    const stored = (await readIndexedDb()) as Record<string, unknown>;
    expect(typeof stored).toBe('object');
    expect(stored._persist).toEqual({ version: 15, rehydrated: true });
    expect(stored.templates).toMatchObject({ ids: ['id-1'], entities: { 'id-1': { name: 'Ribs' } } });
  });

  it('writes the first change after a start by itself, although every slice is pending then', async () => {
    const bundle = start();
    await bundle.rehydrated;
    await bundle.store.dispatch(addTemplate({ name: 'Saved before a quick reload' })).unwrap();
    // No flush: the write comes on its own (it once waited a throttle per slice, about 5 s).
    await vi.waitFor(async () => {
      const stored = (await readIndexedDb()) as { templates?: { ids: string[] } } | null;
      expect(stored?.templates?.ids).toEqual(['id-1']);
    });
  });

  it('a restore resolves only once IndexedDB holds the restored data (a reload right after keeps it)', async () => {
    const source = start({ newId: () => 'restored-template' });
    await source.rehydrated;
    await source.store.dispatch(addTemplate({ name: 'From the backup' })).unwrap();
    const backup = await source.store.dispatch(exportBackup()).unwrap();
    await source.flush();
    source.dispose();
    await offlineStorage().removeItem(PERSISTED_ITEM_KEY);

    const bundle = start();
    await bundle.rehydrated;
    await bundle.store.dispatch(addTemplate({ name: 'Before the restore' })).unwrap();
    await bundle.store.dispatch(importRestore({ json: backup, mode: 'overwrite' })).unwrap();
    const stored = (await readIndexedDb()) as { templates?: { entities: Record<string, { name: string }> } };
    const names = Object.values(stored.templates?.entities ?? {}).map((template) => template.name);
    expect(names).toContain('From the backup');
    expect(names).not.toContain('Before the restore');
  });

  it('throttles writes: a burst of edits (typing) is written once, not once per key', async () => {
    const storage = countingStorage();
    const bundle = start({ storage });
    await bundle.rehydrated;
    await bundle.flush();
    const before = storage.writes;
    const template = await bundle.store.dispatch(addTemplate({ name: 'R' })).unwrap();
    for (const name of ['Ri', 'Rib', 'Ribs', 'Ribs ', 'Ribs 2', 'Ribs 20', 'Ribs 202', 'Ribs 2026']) {
      await bundle.store.dispatch(updateTemplate({ id: template.id, name })).unwrap();
    }
    await bundle.flush();
    expect(storage.writes - before).toBe(1);
    expect(
      ((await readIndexedDb()) as { templates: { entities: Record<string, { name: string }> } }).templates
        .entities[template.id]?.name,
    ).toBe('Ribs 2026');
  });

  it.each([
    ['pagehide', () => window.dispatchEvent(new Event('pagehide'))],
    [
      'visibilitychange to hidden',
      () => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      },
    ],
  ])('writes a pending change at once on %s (tab closed right after a change)', async (_event, hide) => {
    const bundle = start({ page: window, throttleMs: 60_000 });
    await bundle.rehydrated;
    await bundle.flush();
    await bundle.store.dispatch(addTemplate({ name: 'Saved on close' })).unwrap();
    hide();
    // The throttle is a minute: only the flush on hiding writes it.
    await vi.waitFor(async () => {
      const stored = (await readIndexedDb()) as { templates: { ids: string[] } };
      expect(stored.templates.ids).toEqual(['id-1']);
    });
  });

  it('dispose stops persisting and listening to the page', async () => {
    const bundle = start({ page: window, throttleMs: 60_000 });
    await bundle.rehydrated;
    await bundle.flush();
    bundle.dispose();
    await bundle.store.dispatch(addTemplate({ name: 'Not flushed by pagehide' })).unwrap();
    window.dispatchEvent(new Event('pagehide'));
    // Writes go one after another: a flush resolves once any write a pagehide started is in IndexedDB.
    await bundle.flush();
    const stored = (await readIndexedDb()) as { templates: { ids: string[] } };
    expect(stored.templates.ids).toEqual([]);
  });
});
