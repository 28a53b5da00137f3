import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { retryableLazy, ScreenBoundary } from '@pitclock/design-system';

const PrivacyScreen = retryableLazy(() => import('./privacy-screen').then((m) => m.PrivacyScreen));
const TermsScreen = retryableLazy(() => import('./terms-screen').then((m) => m.TermsScreen));

/**
 * Terms and Privacy (contracts' VISITOR_SCREEN_PATHS) for a visitor who has no account yet (from the welcome page and the sign-up form):
 * the cook-app renders these, and nothing else, while signed out; they need no store.
 */
export function PublicLegalRoutes({ notFound = null }: { notFound?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ScreenBoundary screen={pathname}>
      <Routes>
        <Route path="/privacy" element={<PrivacyScreen />} />
        <Route path="/terms" element={<TermsScreen />} />
        <Route path="*" element={notFound} />
      </Routes>
    </ScreenBoundary>
  );
}
