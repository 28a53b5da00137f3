import {
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_TEXT,
  errorText,
  isApiError,
  serverErrorText,
} from '@pitclock/contracts';

export const LOGIN_FAILED = 'Login failed';
export const REGISTRATION_FAILED = 'Registration failed';
/** The client's own text for a call the server did not answer in time. */
export const TIMEOUT_TEXT = 'The server did not answer in time. Check your connection and try again.';

function isNetworkFailure(err: unknown): boolean {
  if (isApiError(err)) return err.kind === 'network';
  return err instanceof Error && err.message === NETWORK_ERROR_MESSAGE;
}

const isTimeout = (err: unknown) => isApiError(err) && err.kind === 'timeout';

/**
 * SPEC.md section 8, login: the server's error text or message, else the client's message, else
 * 'Login failed'; 'Network Error' shows NETWORK_ERROR_TEXT ('No connection to PitClock. Check your signal and try again.', issue 21).
 */
export function loginErrorText(err: unknown): string {
  if (isNetworkFailure(err)) return NETWORK_ERROR_TEXT;
  if (isTimeout(err)) return TIMEOUT_TEXT;
  return errorText(err, LOGIN_FAILED);
}

/**
 * SPEC.md section 8, signup: '{status} - {error}' (the server's text: its message, else its error
 * code), or the client's message, or 'Registration failed'. A network failure shows the same
 * network text as login.
 */
export function signupErrorText(err: unknown): string {
  if (isNetworkFailure(err)) return NETWORK_ERROR_TEXT;
  if (isTimeout(err)) return TIMEOUT_TEXT;
  if (isApiError(err) && err.kind === 'http') {
    const server = serverErrorText(err.body);
    if (server !== undefined) return `${err.status} - ${server}`;
  }
  return errorText(err, REGISTRATION_FAILED);
}
