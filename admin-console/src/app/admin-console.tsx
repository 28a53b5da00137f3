import * as React from 'react';
import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AdminConsoleProps as RemoteAdminConsoleProps } from '@pitclock/contracts/remotes';
import { registerReactInstance } from '../lib/register-react-instance';
import { createAdminStore } from '../store';
import { AdminRoutes } from './admin-routes';

registerReactInstance(React);

/** The props the shell passes (declared in contracts, which the shell's remotes.d.ts reads too). */
export type AdminConsoleProps = RemoteAdminConsoleProps<ReactNode>;

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
