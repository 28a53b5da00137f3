import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { COOK_SCREENS, type CookScreenPath } from '@pitclock/contracts/screens';
import { retryableLazy, ScreenBoundary } from '@pitclock/design-system';
import { RequireDeviceLicense } from '../lib/license-gate';
import { PlaceholderScreen } from '../lib/placeholder-screen';
import { ContestsScreen } from '../features/contests';
import { OnboardingWelcome } from '../features/onboarding';
import { contestWeather } from './contest-weather';

// Cook-offs is the first screen after sign-in; the others load when first opened (precached for
// offline use all the same), so the first visit does not download, say, drag and drop. A load that
// failed (offline before the service worker had them) loads again at the shell's Try Again.
const TemplatesScreen = retryableLazy(() => import('../features/templates').then((m) => m.TemplatesScreen));
const TemplateStepsScreen = retryableLazy(() =>
  import('../features/template-steps').then((m) => m.TemplateStepsScreen),
);
const CategoriesScreen = retryableLazy(() =>
  import('../features/categories').then((m) => m.CategoriesScreen),
);
const TeamScreen = retryableLazy(() => import('../features/teams').then((m) => m.TeamScreen));
const PromoScreen = retryableLazy(() => import('../features/promo').then((m) => m.PromoScreen));
// Opened from the run screen (an empty run, or turn-ins moved at the cooks' meeting); loads when first used.
const ManageTemplatesPanel = retryableLazy(() =>
  import('../features/contests/manage-templates-panel').then((m) => m.ManageTemplatesPanel),
);
const RunScreen = retryableLazy(() => import('../features/run').then((m) => m.RunScreen));
const SettingsRoute = retryableLazy(() => import('./settings-route').then((m) => m.SettingsRoute));
const AboutRoute = retryableLazy(() => import('./about-route').then((m) => m.AboutRoute));
const PrivacyScreen = retryableLazy(() => import('../features/legal').then((m) => m.PrivacyScreen));
const TermsScreen = retryableLazy(() => import('../features/legal').then((m) => m.TermsScreen));

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

const screenPaths = cookScreens.map(({ path }) => ({ path }));

/** The route pattern of the screen at `pathname` ('*' for none): the key of its loading boundary. */
export function cookScreenOf(pathname: string): string {
  return matchRoutes(screenPaths, pathname)?.[0]?.route.path ?? '*';
}

/** Calls `onShown` once it is on screen (a suspended boundary commits nothing inside it). */
function WhenShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/**
 * Each screen loads in a boundary of its own (a cook-off's steps and another's share one). `afterScreen`
 * mounts beside them once the first screen has shown, so it never competes with a screen's download.
 */
export function CookRoutes({
  notFound = null,
  afterScreen,
}: {
  notFound?: ReactNode;
  afterScreen?: ReactNode;
}) {
  const { pathname } = useLocation();
  const [screenShown, setScreenShown] = useState(false);
  const showAfterScreen = useCallback(() => setScreenShown(true), []);
  return (
    <>
      <ScreenBoundary screen={cookScreenOf(pathname)}>
        <Routes>
          {cookScreens.map(({ path, title, element }) => (
            <Route key={path} path={path} element={element ?? <PlaceholderScreen title={title} />} />
          ))}
          <Route path="*" element={notFound} />
        </Routes>
        {screenShown ? null : <WhenShown onShown={showAfterScreen} />}
      </ScreenBoundary>
      {screenShown ? afterScreen : null}
    </>
  );
}
