import type { ComponentType, ReactNode } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ScreenBoundary, Spinner } from '@pitclock/design-system';
import { AdminsOnlyPage } from '../features/admins-only/admins-only-page';
import { AppLayout } from '../features/layout/app-layout';
import { PublicLayout } from '../features/layout/public-layout';
import { LicenseBanner } from '../features/license-banner/license-banner';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { UpdateControls } from '../features/updates/update-controls';
import { WelcomePage } from '../features/welcome/welcome-page';
import { useAdminStatus } from '../lib/admin-status';
import { MAIN_CONTENT_ID } from '../lib/main-content';
import { useSignedIn } from '../lib/session';
import { retryableLazy } from '@pitclock/design-system';
import { isOpenToVisitors, protectedArea } from './protected-paths';
import { PublicOnly, RequireAuth } from './route-guards';
import { RouteEffects } from './route-effects';

type RemoteComponent = ComponentType<{ notFound?: ReactNode }>;

// Loaded when opened: the forms library and zod's resolver stay out of a signed-in first visit. Retryable:
// a load that failed offline loads again on Try Again.
const LoginPage = retryableLazy(() => import('../features/auth/login-page').then((m) => m.LoginPage));
const SignupPage = retryableLazy(() => import('../features/auth/signup-page').then((m) => m.SignupPage));

export type AppRoutesProps = {
  cookApp: RemoteComponent;
  adminConsole: RemoteComponent;
  /** The header's update controls (replaceable in tests). */
  headerActions?: ReactNode;
};

/** /admin/*: the admin console for an admin only; nothing of it is fetched for anyone else. */
function AdminArea({ adminConsole: AdminConsole }: { adminConsole: RemoteComponent }) {
  const status = useAdminStatus();
  if (status === 'checking') return <Spinner label="Checking access" />;
  if (status === 'not-admin') return <AdminsOnlyPage />;
  return <AdminConsole notFound={<NotFoundPage />} />;
}

/**
 * A signed-in route: the shared layout around the remote that renders the path. The remotes render
 * their own <Routes> with absolute paths inside this router; they are mounted from the '*' route so
 * that their paths match the whole URL.
 */
function ProtectedRoute({ cookApp: CookApp, adminConsole: AdminConsole, headerActions }: AppRoutesProps) {
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  const area = protectedArea(pathname);
  if (area === 'cook' && !signedIn && isOpenToVisitors(pathname)) {
    // Terms and Privacy before signing up: the cook-app renders them without an account.
    return (
      <PublicLayout headerActions={headerActions}>
        <main id={MAIN_CONTENT_ID} className="public-screen">
          <ScreenBoundary screen="cook">
            <CookApp notFound={<NotFoundPage />} />
          </ScreenBoundary>
        </main>
      </PublicLayout>
    );
  }
  if (area === null) {
    return (
      <PublicLayout headerActions={headerActions}>
        <main id={MAIN_CONTENT_ID}>
          <NotFoundPage />
        </main>
      </PublicLayout>
    );
  }
  return (
    <RequireAuth>
      <AppLayout headerActions={headerActions} banner={<LicenseBanner />}>
        <ScreenBoundary screen={area}>
          {area === 'admin' ? (
            <AdminArea adminConsole={AdminConsole} />
          ) : (
            <CookApp notFound={<NotFoundPage />} />
          )}
        </ScreenBoundary>
      </AppLayout>
    </RequireAuth>
  );
}

/** The page of a public route (welcome, sign in, sign up), each in a loading boundary of its own. */
function PublicScreen() {
  const { pathname } = useLocation();
  return (
    <ScreenBoundary screen={pathname}>
      <Outlet />
    </ScreenBoundary>
  );
}

/** The shell's routes (SPEC.md section 2). */
export function AppRoutes({ headerActions = <UpdateControls />, ...remotes }: AppRoutesProps) {
  return (
    <>
      <RouteEffects />
      <Routes>
        <Route
          element={
            <PublicOnly>
              <PublicLayout headerActions={headerActions}>
                <PublicScreen />
              </PublicLayout>
            </PublicOnly>
          }
        >
          <Route path="/" element={<WelcomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
        </Route>
        <Route path="*" element={<ProtectedRoute {...remotes} headerActions={headerActions} />} />
      </Routes>
    </>
  );
}
