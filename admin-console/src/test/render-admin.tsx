// Test helpers of the admin screens: the real AdminConsole (its own store, RTK Query) with a real HTTP
// client pointed at a local test server (contracts' startTestServer), rendered inside a router.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter } from 'react-router-dom';
import {
  createApiClient,
  createMemoryStorage,
  createSessionStore,
  type ApiClient,
} from '@pitclock/contracts';
import type { TestServer } from '@pitclock/contracts/testing';
import { AdminConsole } from '../app/admin-console';
import { createAdminStore } from '../store';

/** A client of `server` signed in with `token` (the bearer the server's handler sees). */
export function clientFor(server: TestServer, token = 'admin-token'): ApiClient {
  const session = createSessionStore({ local: createMemoryStorage(), session: createMemoryStorage() });
  session.setTokens({ token, refresh_token: 'refresh-token' });
  return createApiClient({ session, base: `${server.url}/api`, onSessionExpired: () => undefined });
}

/** Renders the admin console at `path` talking to `client`. */
export function renderAdmin(path: string, client: ApiClient) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<AdminConsole client={client} notFound={<p>not found</p>} />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

/**
 * Renders one admin screen (`ui`) with a fresh admin store on `client`, inside a memory router at `path`
 * (or at the last of several `path`s, the others earlier in its history). `search()` is the URL's query
 * now, `back()` and `forward()` walk the history, `lastNavigation()` says whether the last URL change
 * pushed an entry or replaced one.
 */
export function renderScreen(ui: ReactElement, client: ApiClient, path: string | string[] = '/') {
  const user = userEvent.setup();
  const store = createAdminStore({ client });
  const entries = Array.isArray(path) ? path : [path];
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const go = (delta: number) => act(() => router.navigate(delta));
  return {
    user,
    store,
    router,
    search: () => new URLSearchParams(router.state.location.search),
    back: () => go(-1),
    forward: () => go(1),
    lastNavigation: () => router.state.historyAction,
    ...view,
  };
}
