import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PlaceholderScreen } from '../lib/placeholder-screen';
import { ContestsScreen } from '../features/contests';

/** The signed-in cook routes of SPEC.md section 2 (absolute paths: the shell mounts the remote at '*'). */
export const cookScreens: ReadonlyArray<{ path: string; title: string; element?: ReactNode }> = [
  { path: '/contests', title: 'Cook-off', element: <ContestsScreen /> },
  { path: '/contests/:id/steps', title: 'Run' },
  { path: '/contests/:contestId/runs/:runId/steps', title: 'Run' },
  { path: '/templates', title: 'Templates' },
  { path: '/templates/:id/steps', title: 'Template Steps' },
  { path: '/categories', title: 'Categories' },
  { path: '/settings', title: 'Settings' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service' },
  { path: '/about', title: 'About' },
  { path: '/promo', title: 'Promo Code' },
];

export function CookRoutes({ notFound = null }: { notFound?: ReactNode }) {
  return (
    <Routes>
      {cookScreens.map(({ path, title, element }) => (
        <Route key={path} path={path} element={element ?? <PlaceholderScreen title={title} />} />
      ))}
      <Route path="*" element={notFound} />
    </Routes>
  );
}
