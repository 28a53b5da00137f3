// Test helpers of the legal pages: a page at its path inside a router with the given history; any other
// path renders an <output data-testid="location"> with where Back went.
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `ui` at the last of `history` (the entries before it are the pages the user came from). */
export function renderLegal(ui: ReactElement, history: string[]) {
  const path = history[history.length - 1] ?? '/';
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

/** 2026-06-01 15:00 UTC. */
export const JUNE_FIRST = Date.UTC(2026, 5, 1, 15, 0);
