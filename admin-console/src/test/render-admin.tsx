// Test helpers of the admin screens: the real AdminConsole (its own store, RTK Query) with a real HTTP
// client pointed at a local test server (contracts' startTestServer), rendered inside a router.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
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

/** Renders one admin screen (`ui`) with a fresh admin store on `client`, inside a router at `path`. */
export function renderScreen(ui: ReactElement, client: ApiClient, path = '/') {
  const user = userEvent.setup();
  const store = createAdminStore({ client });
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
  return { user, store, ...view };
}
