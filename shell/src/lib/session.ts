import { useSyncExternalStore } from 'react';
import { isTokenValid, session } from '@pitclock/contracts';

const nowSeconds = () => Date.now() / 1000;

/** Signed in = a stored token that is valid now (SPEC.md section 4). */
export function isSignedIn(now: number = nowSeconds()): boolean {
  return isTokenValid(session.getToken(), now);
}

/**
 * At start (SPEC.md section 4): a missing or invalid (expired, unreadable) token signs the user out:
 * the tokens, a refresh token left without its token included, leave local and session storage.
 */
export function clearInvalidSession(now: number = nowSeconds()): void {
  const token = session.getToken();
  const stale = token === null ? session.getRefreshToken() !== null : !isTokenValid(token, now);
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
