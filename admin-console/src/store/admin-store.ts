import { api, type ApiClient } from '@pitclock/contracts';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { adminApi } from './admin-api';

const rootReducer = combineSlices(adminApi);

/** A store of its own per admin console mount (and per test), with the HTTP client as thunk extra. */
export function createAdminStore({ client = api }: { client?: ApiClient } = {}) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { client } } }).concat(adminApi.middleware),
  });
  // Refetch on window focus and when the device comes back online.
  const unsubscribe = setupListeners(store.dispatch);
  return Object.assign(store, { stopListeners: unsubscribe });
}

export type AdminStore = ReturnType<typeof createAdminStore>;
export type AdminState = ReturnType<AdminStore['getState']>;
export type AdminDispatch = AdminStore['dispatch'];
