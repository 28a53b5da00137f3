import { API_ERROR_CODES } from './error-codes';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

/** Message of a network failure (fetch rejected): the text SPEC.md section 8 matches on. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

/**
 * What the login screen shows for a network failure: a sentence a cook understands (issue 21; SPEC.md
 * section 8 had a developer's text, 'Network error — is /api reachable on this host?').
 */
export const NETWORK_ERROR_TEXT = 'No connection to PitClock. Check your signal and try again.';

export interface ApiErrorInit {
  message: string;
  status: number;
  kind: ApiErrorKind;
  code?: string;
  body?: unknown;
  cause?: unknown;
}

/** Every failure of the API client. status is 0 for network and timeout failures. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly code?: string;
  readonly body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind;
    if (init.code !== undefined) this.code = init.code;
    if (init.body !== undefined) this.body = init.body;
  }
}

/** Duck-typed so that an ApiError from another copy of this package is recognised too. */
export function isApiError(err: unknown): err is ApiError {
  return (
    err instanceof ApiError ||
    (err instanceof Error &&
      err.name === 'ApiError' &&
      typeof (err as { status?: unknown }).status === 'number')
  );
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The human text of a server error body, or undefined.
 * Rule: our services answer { error: <machine code>, message: <human text> }, so a non-empty `message`
 * wins; a body with only `error` (older or third-party servers put the text there) gives `error`.
 * A short plain-text body (not HTML) is used as is, e.g. a proxy's "Bad Gateway".
 */
export function serverErrorText(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    return text !== '' && text.length <= 300 && !text.startsWith('<') ? text : undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (nonEmpty(message)) return message;
  if (nonEmpty(error)) return error;
  return undefined;
}

/**
 * The text to show for a failed call (SPEC.md section 8: "Server error text is shown when present,
 * otherwise the error message, otherwise a default"):
 * 1. the server body's text (see serverErrorText: body.message, else body.error, else short plain text);
 * 2. else the error's own message (e.g. 'Network Error', 'Request failed with status code 500');
 * 3. else `fallback`.
 */
export function errorText(err: unknown, fallback: string): string {
  if (typeof err === 'string') return nonEmpty(err) ? err : fallback;
  if (typeof err !== 'object' || err === null) return fallback;
  const fromServer = serverErrorText((err as { body?: unknown }).body);
  if (fromServer !== undefined) return fromServer;
  const { message } = err as { message?: unknown };
  return nonEmpty(message) ? message : fallback;
}

/**
 * The input a 400 'validation_failed' answer is about: the dotted path of its first issue
 * (details.issues[0].path, e.g. 'email' or 'max_uses'), or undefined for any other failure or a rule
 * about the whole body. Forms place the message beside that field by this name, never by its text.
 */
export function errorField(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { body } = err as { body?: unknown };
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, details } = body as { error?: unknown; details?: unknown };
  if (error !== API_ERROR_CODES.validationFailed || typeof details !== 'object' || details === null)
    return undefined;
  const { issues } = details as { issues?: unknown };
  if (!Array.isArray(issues)) return undefined;
  const path = (issues[0] as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}
