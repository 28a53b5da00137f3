// The screen reads what the cook-app really writes: a state persisted by redux-persist through
// localforage on IndexedDB, configured as cook-app/src/store/create-cook-store.ts configures it (key
// 'root', version 15, serialize and deserialize false, localforage instance PitClock-u<id>/state, the
// signed-in account's).
// fake-indexeddb must be loaded before localforage, which picks its driver when first imported.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { combineReducers, configureStore, createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import localforage from 'localforage';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type PersistConfig,
} from 'redux-persist';
import { DiagnosticsScreen } from './diagnostics-screen';
import { OFFLINE_DB, OFFLINE_STORES } from './offline-db';
import { SEEDED_BODIES, TEST_DB, bodies, globalCategories, signInTestAccount } from './test-support';

type Rec = { id: string; name?: string };

/** A store like the cook-app's: appMeta and one entity slice per record store, persisted as it persists. */
function cookLikeStore(preloaded: Partial<Record<(typeof OFFLINE_STORES)[number], Rec[]>>) {
  const adapter = createEntityAdapter<Rec>();
  const slices = Object.fromEntries(
    OFFLINE_STORES.map((store) => [
      store,
      createSlice({
        name: store,
        initialState: adapter.setAll(adapter.getInitialState(), preloaded[store] ?? []),
        reducers: {},
      }).reducer,
    ]),
  );
  const appMeta = createSlice({
    name: 'appMeta',
    initialState: {
      firstOpenedAt: null,
      seededAt: '2026-05-01T09:00:00.000Z',
      migratedFrom: 13,
      migratedAt: null,
    },
    reducers: {},
  }).reducer;
  const rootReducer = combineReducers({ appMeta, ...slices });
  const config: PersistConfig<ReturnType<typeof rootReducer>> & { deserialize: false } = {
    key: 'root',
    version: OFFLINE_DB.version,
    storage: localforage.createInstance({ name: TEST_DB, storeName: OFFLINE_DB.storeName }),
    timeout: 0,
    serialize: false,
    deserialize: false,
  };
  const reducer = persistReducer(config, rootReducer);
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  return persistStore(store);
}

describe('Diagnostics of a state persisted by redux-persist and localforage (the cook-app format)', () => {
  it('shows its version, flags, counts and sanctioning bodies', async () => {
    const persistor = cookLikeStore({
      sanctioning_bodies: [...bodies(SEEDED_BODIES), { id: '11', name: 'Unsanctioned' }],
      categories: globalCategories(),
      contests: [{ id: 'c1', name: 'Odessa' }],
    });
    await new Promise<void>((resolve) => {
      const check = () => persistor.getState().bootstrapped && (unsubscribe(), resolve());
      const unsubscribe = persistor.subscribe(check);
      check();
    });
    await persistor.flush();

    signInTestAccount();
    render(<DiagnosticsScreen />);
    await screen.findByRole('heading', { name: 'Offline database' });
    const fact = (term: string) =>
      [...document.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling
        ?.textContent;
    expect(fact('Version')).toBe('15');
    expect(fact('Migrated')).toMatch(/^Yes \(from version 13/);
    expect(fact('Seeded')).toMatch(/^Yes/);
    const table = screen.getByRole('table', { name: 'Records per table' });
    const count = (label: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(`^${label} `) })
        .closest('tr')
        ?.querySelector('[data-label="Records"]')?.textContent;
    expect(count('Sanctioning bodies')).toBe('11');
    expect(count('Categories')).toBe('4');
    expect(count('Cook-offs')).toBe('1');
    expect(within(screen.getByRole('list', { name: 'Duplicates' })).getByRole('listitem').textContent).toBe(
      'Sanctioning bodies: name "Unsanctioned" is stored 2 times.',
    );
    persistor.pause();
  });
});
