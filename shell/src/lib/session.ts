import { useSyncExternalStore } from 'react';
import { isTokenValid, readTokenClaims, session } from '@pitclock/contracts';

const nowSeconds = () => Date.now() / 1000;

/** Signed in = a stored token that is valid now (SPEC.md section 4). */
export function isSignedIn(now: number = nowSeconds()): boolean {
  return isTokenValid(session.getToken(), now);
}

/**
 * A client hint for showing the Admin group: the stored admin flag or the token's is_admin claim.
 * The server decides what an admin may do.
 */
export function isAdmin(): boolean {
  if (session.isAdminFlag()) return true;
  const claims = readTokenClaims(session.getToken());
  return claims?.is_admin === true || claims?.isAdmin === true;
}

/** At start: a stored token that is missing its validity (expired, unreadable) is cleared. */
export function clearInvalidSession(now: number = nowSeconds()): void {
  const token = session.getToken();
  if (token !== null && !isTokenValid(token, now)) session.clear();
}

function subscribe(listener: () => void): () => void {
  const unsubscribe = session.subscribe(listener);
  // Another tab signing in or out changes localStorage: follow it.
  window.addEventListener('storage', listener);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', listener);
  };
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => isSignedIn());
}

export function useIsAdmin(): boolean {
  return useSyncExternalStore(subscribe, isAdmin);
}
