import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSignedIn } from '../lib/session';

/** Public routes (/, /login, /signup) send a signed-in user to /contests. */
export function PublicOnly({ children }: { children: ReactNode }) {
  return useSignedIn() ? <Navigate to="/contests" replace /> : children;
}

/** Protected routes send a visitor who is not signed in to /. */
export function RequireAuth({ children }: { children: ReactNode }) {
  return useSignedIn() ? children : <Navigate to="/" replace />;
}
