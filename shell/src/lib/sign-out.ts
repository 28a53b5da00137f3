import { session, type ApiClient } from '@pitclock/contracts';

/** The revoke call gives up after this long; the local sign-out has happened already. */
export const LOGOUT_TIMEOUT_MS = 10_000;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Sign-out (SPEC.md section 4): the tokens leave local and session storage at once, whatever the
 * network does; then, when online, the server revokes the refresh token's family
 * (POST /auth/logout). A failed revoke is ignored: the device is signed out either way.
 */
export async function signOut(client: ApiClient, online: () => boolean = browserOnline): Promise<void> {
  const refreshToken = session.getRefreshToken();
  session.clear();
  if (refreshToken === null || !online()) return;
  try {
    await client.post(
      '/auth/logout',
      { refresh_token: refreshToken },
      { auth: false, timeoutMs: LOGOUT_TIMEOUT_MS },
    );
  } catch {
    // Offline after all, or the server is down: the tokens are gone from this device already.
  }
}
