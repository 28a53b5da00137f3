import * as React from 'react';
import type { ReactNode } from 'react';
import { registerReactInstance } from '../lib/register-react-instance';
import { AdminRoutes } from './admin-routes';

registerReactInstance(React);

export type AdminConsoleProps = {
  /** Shown for a path that none of the admin routes matches. */
  notFound?: ReactNode;
};

/**
 * The admin screens, exposed to the shell as 'admin_console/AdminConsole'. The shell loads it lazily,
 * only when an /admin/* route is opened, and renders it inside its router.
 */
export function AdminConsole({ notFound }: AdminConsoleProps) {
  return <AdminRoutes notFound={notFound} />;
}
