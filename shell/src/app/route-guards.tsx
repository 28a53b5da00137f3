import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSignedIn } from '../lib/session';

/** Public routes (/, /login, /signup) send a signed-in user to /contests. */
export function PublicOnly({ children }: { children: ReactNode }) {
  return useSignedIn() ? <Navigate to="/contests" replace /> : children;
}

/**
 * Protected routes send a visitor who is not signed in to /, except the templates screen, which goes
 * to /login (SPEC.md section 2).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  if (signedIn) return children;
  return <Navigate to={pathname.replace(/(?<!\/)\/+$/, '') === '/templates' ? '/login' : '/'} replace />;
}
