// Test helpers of the cook screens: a real cook store on in-memory storage, rendered inside a router.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readyStore, T0 } from '../store/test-helpers';

/** 2026-06-01 15:00 UTC: the screens' and the store's "now" in these tests. */
export const NOW = T0;

/** A rehydrated, seeded store: clock at NOW (settable through `clock.now`), ids 'id-1'..., zone UTC. */
export const cookStore = readyStore;
export type TestBundle = Awaited<ReturnType<typeof cookStore>>;

function Where() {
  return <output data-testid="location">{useLocation().pathname + useLocation().search}</output>;
}

/**
 * Renders `ui` at `path` (matched by `route`, default `path`) with the store; any other path renders an
 * <output data-testid="location"> with the path it went to, so navigation can be asserted.
 */
export function renderWithStore(
  bundle: TestBundle,
  ui: ReactElement,
  { path = '/', route = path }: { path?: string; route?: string } = {},
) {
  const user = userEvent.setup();
  const view = render(
    <Provider store={bundle.store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { user, ...view };
}
