import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PlaceholderScreen } from '../lib/placeholder-screen';

/** The admin routes of SPEC.md section 2 (absolute paths: the shell mounts the remote at '*'). */
export const adminScreens: ReadonlyArray<{ path: string; title: string }> = [
  { path: '/admin/promo-codes', title: 'Promo Codes' },
  { path: '/admin/licenses', title: 'Licenses' },
  { path: '/admin/signup-events', title: 'Signup Events' },
  { path: '/admin/users', title: 'Users' },
  { path: '/admin/diagnostics', title: 'Diagnostics' },
];

export function AdminRoutes({ notFound = null }: { notFound?: ReactNode }) {
  return (
    <Routes>
      {adminScreens.map(({ path, title }) => (
        <Route key={path} path={path} element={<PlaceholderScreen title={title} />} />
      ))}
      <Route path="*" element={notFound} />
    </Routes>
  );
}
