import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type MemoryRouterProps } from 'react-router-dom';
import type { ApiClient } from '@pitclock/contracts';
import { ApiProvider } from '../lib/api-context';

/** Shows where the router is, for pages that navigate away. */
export function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/**
 * Renders `routes` (path -> element) in a memory router at `at`, with `client` as the HTTP client;
 * any other path renders <Where />.
 */
type Entry = NonNullable<MemoryRouterProps['initialEntries']>[number];

export function renderRoutes(client: ApiClient, at: Entry, routes: Record<string, ReactNode>) {
  return render(
    <ApiProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ApiProvider>,
  );
}
