import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { COOK_SCREENS, type CookScreenPath } from '@pitclock/contracts/screens';
import { Spinner } from '@pitclock/design-system';
import { RequireDeviceLicense } from '../lib/license-gate';
import { PlaceholderScreen } from '../lib/placeholder-screen';
import { ContestsScreen } from '../features/contests';
import { OnboardingWelcome } from '../features/onboarding';
import { contestWeather } from './contest-weather';

// Cook-offs is the first screen after sign-in; the others load when first opened (precached for
// offline use all the same), so the first visit does not download, say, drag and drop.
const TemplatesScreen = lazy(() =>
  import('../features/templates').then((m) => ({ default: m.TemplatesScreen })),
);
const TemplateStepsScreen = lazy(() =>
  import('../features/template-steps').then((m) => ({ default: m.TemplateStepsScreen })),
);
const CategoriesScreen = lazy(() =>
  import('../features/categories').then((m) => ({ default: m.CategoriesScreen })),
);
const TeamScreen = lazy(() => import('../features/teams').then((m) => ({ default: m.TeamScreen })));
const PromoScreen = lazy(() => import('../features/promo').then((m) => ({ default: m.PromoScreen })));
// Opened from the run screen (an empty run, or turn-ins moved at the cooks' meeting); loads when first used.
const ManageTemplatesPanel = lazy(() =>
  import('../features/contests/manage-templates-panel').then((m) => ({ default: m.ManageTemplatesPanel })),
);
const RunScreen = lazy(() => import('../features/run').then((m) => ({ default: m.RunScreen })));
const SettingsRoute = lazy(() => import('./settings-route').then((m) => ({ default: m.SettingsRoute })));
const AboutRoute = lazy(() => import('./about-route').then((m) => ({ default: m.AboutRoute })));
const PrivacyScreen = lazy(() => import('../features/legal').then((m) => ({ default: m.PrivacyScreen })));
const TermsScreen = lazy(() => import('../features/legal').then((m) => ({ default: m.TermsScreen })));

/** Cook-offs, with the first-run welcome over it (shown once per device; see features/onboarding). */
const contests = (
  <>
    <ContestsScreen weather={contestWeather} />
    <OnboardingWelcome />
  </>
);

/** A run starts only on a device with a valid licence (else /promo, coming back here after). */
const licensedRun = (
  <RequireDeviceLicense>
    <RunScreen manageTemplates={ManageTemplatesPanel} />
  </RequireDeviceLicense>
);

/**
 * The element of each signed-in cook route of SPEC.md section 2. The routes themselves (paths, titles,
 * navigation) are declared in contracts (COOK_SCREENS), which the shell reads too; a path declared there
 * without an element here, or an element for a path not declared there, does not compile. null: a
 * placeholder with the screen's title.
 */
const cookElements: Record<CookScreenPath, ReactNode> = {
  '/contests': contests,
  '/contests/:id/steps': licensedRun,
  '/contests/:contestId/runs/:runId/steps': licensedRun,
  '/templates': <TemplatesScreen />,
  '/templates/:id/steps': <TemplateStepsScreen />,
  '/categories': <CategoriesScreen />,
  '/team': <TeamScreen />,
  '/settings': <SettingsRoute />,
  '/privacy': <PrivacyScreen />,
  '/terms': <TermsScreen />,
  '/about': <AboutRoute />,
  '/promo': <PromoScreen />,
};

/** The cook routes (absolute paths: the shell mounts the remote at '*'). */
export const cookScreens: ReadonlyArray<{ path: string; title: string; element: ReactNode }> =
  COOK_SCREENS.map(({ path, title }) => ({ path, title, element: cookElements[path] }));

/**
 * `afterScreen` mounts inside the screens' Suspense boundary, so it mounts only once the first screen
 * has rendered (not while a lazy screen loads).
 */
export function CookRoutes({
  notFound = null,
  afterScreen,
}: {
  notFound?: ReactNode;
  afterScreen?: ReactNode;
}) {
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <Routes>
        {cookScreens.map(({ path, title, element }) => (
          <Route key={path} path={path} element={element ?? <PlaceholderScreen title={title} />} />
        ))}
        <Route path="*" element={notFound} />
      </Routes>
      {afterScreen}
    </Suspense>
  );
}
