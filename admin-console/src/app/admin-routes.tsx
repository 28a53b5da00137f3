import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AuditScreen } from '../features/audit';
import { DiagnosticsScreen } from '../features/diagnostics';
import { LicensesScreen } from '../features/licenses';
import { PromoCodesScreen } from '../features/promo-codes';
import { SignupEventsScreen } from '../features/signup-events';
import { UsersScreen } from '../features/users';

/** The admin routes of SPEC.md section 2 (absolute paths: the shell mounts the remote at '*'). */
export const adminScreens: ReadonlyArray<{ path: string; title: string; Screen: ComponentType }> = [
  { path: '/admin/promo-codes', title: 'Promo Codes', Screen: PromoCodesScreen },
  { path: '/admin/licenses', title: 'Licenses', Screen: LicensesScreen },
  { path: '/admin/signup-events', title: 'Signup Events', Screen: SignupEventsScreen },
  { path: '/admin/users', title: 'Users', Screen: UsersScreen },
  { path: '/admin/audit', title: 'Audit Trail', Screen: AuditScreen },
  { path: '/admin/diagnostics', title: 'Diagnostics', Screen: DiagnosticsScreen },
];

export function AdminRoutes({ notFound = null }: { notFound?: ReactNode }) {
  return (
    <Routes>
      {adminScreens.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="*" element={notFound} />
    </Routes>
  );
}
