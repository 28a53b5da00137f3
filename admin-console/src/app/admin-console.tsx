import * as React from 'react';
import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ApiClient } from '@pitclock/contracts';
import { registerReactInstance } from '../lib/register-react-instance';
import { createAdminStore } from '../store';
import { AdminRoutes } from './admin-routes';

registerReactInstance(React);

export type AdminConsoleProps = {
  /** Shown for a path that none of the admin routes matches. */
  notFound?: ReactNode;
  /** The HTTP client of the admin calls (default the app's `api`; tests pass one for their server). */
  client?: ApiClient;
};

/**
 * The admin screens, exposed to the shell as 'admin_console/AdminConsole'. The shell loads it lazily,
 * only when an /admin/* route is opened, and renders it inside its router.
 */
export function AdminConsole({ notFound, client }: AdminConsoleProps) {
  const [store] = useState(() => createAdminStore({ client }));
  useEffect(() => store.stopListeners, [store]);
  return (
    <Provider store={store}>
      <AdminRoutes notFound={notFound} />
    </Provider>
  );
}
