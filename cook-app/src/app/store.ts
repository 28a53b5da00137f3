import { combineReducers, configureStore } from '@reduxjs/toolkit';
import localforage from 'localforage';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  createMigrate,
  persistReducer,
  persistStore,
  type Storage,
} from 'redux-persist';
import { appMetaSlice } from './app-meta-slice';

/** IndexedDB database of the device data (the shell's Reset App Data deletes it by this name). */
export const OFFLINE_DB_NAME = 'PitClock';
/** Version of the persisted state; migrations up to it arrive with the store issue. */
export const PERSIST_VERSION = 15;

const rootReducer = combineReducers({ appMeta: appMetaSlice.reducer });

export type CookState = ReturnType<typeof rootReducer>;

export function createCookStore(storage: Storage) {
  const persisted = persistReducer(
    { key: 'root', version: PERSIST_VERSION, storage, migrate: createMigrate({}, { debug: false }) },
    rootReducer,
  );
  const store = configureStore({
    reducer: persisted,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  return { store, persistor: persistStore(store) };
}

export type CookStore = ReturnType<typeof createCookStore>['store'];

let instance: ReturnType<typeof createCookStore> | undefined;

/** The one store of the page, on localforage (IndexedDB 'PitClock'); created when first rendered. */
export function getCookStore() {
  instance ??= createCookStore(localforage.createInstance({ name: OFFLINE_DB_NAME, storeName: 'state' }));
  return instance;
}
