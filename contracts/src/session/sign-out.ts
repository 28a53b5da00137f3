// Sign-out, shared by every front end (the shell's navigation and the cook-app's Settings): a remote
// never imports the shell, so the one implementation lives here beside the session store it clears.
import { API_PATHS } from '../api/paths';
import { api, type ApiClient } from '../http/api-client';
import { session as defaultSession, type SessionStore } from './session-store';

/** Path of the revoke call (SPEC.md section 4; services/auth). */
export const LOGOUT_PATH = API_PATHS.logout;
/** The revoke call gives up after this long; the local sign-out has happened already. */
export const LOGOUT_TIMEOUT_MS = 10_000;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface SignOutDeps {
  /** Default the app's `api`. */
  client?: ApiClient;
  /** Default the app's `session`. */
  session?: SessionStore;
  /** Whether to try the revoke call (default navigator.onLine). */
  online?: () => boolean;
}

/**
 * Sign-out (SPEC.md section 4): the tokens leave local and session storage at once, whatever the
 * network does (the signed-in routes then close: the shell follows the session store); then, when
 * online, the server revokes the refresh token's family (POST /auth/logout, no bearer). A failed revoke
 * is ignored: the device is signed out either way. The caller navigates (to '/').
 */
export async function signOut({
  client = api,
  session = defaultSession,
  online = browserOnline,
}: SignOutDeps = {}): Promise<void> {
  const refreshToken = session.getRefreshToken();
  session.clear();
  if (refreshToken === null || !online()) return;
  try {
    await client.post(
      LOGOUT_PATH,
      { refresh_token: refreshToken },
      { auth: false, timeoutMs: LOGOUT_TIMEOUT_MS },
    );
  } catch {
    // Offline after all, or the server is down: the tokens are gone from this device already.
  }
}
