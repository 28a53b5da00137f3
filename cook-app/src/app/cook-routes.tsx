import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PlaceholderScreen } from '../lib/placeholder-screen';
import { CategoriesScreen } from '../features/categories';
import { ContestsScreen } from '../features/contests';
import { TemplateStepsScreen } from '../features/template-steps';
import { TemplatesScreen } from '../features/templates';

/** The signed-in cook routes of SPEC.md section 2 (absolute paths: the shell mounts the remote at '*'). */
export const cookScreens: ReadonlyArray<{ path: string; title: string; element?: ReactNode }> = [
  { path: '/contests', title: 'Cook-off', element: <ContestsScreen /> },
  { path: '/contests/:id/steps', title: 'Run' },
  { path: '/contests/:contestId/runs/:runId/steps', title: 'Run' },
  { path: '/templates', title: 'Templates', element: <TemplatesScreen /> },
  { path: '/templates/:id/steps', title: 'Template Steps', element: <TemplateStepsScreen /> },
  { path: '/categories', title: 'Categories', element: <CategoriesScreen /> },
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
