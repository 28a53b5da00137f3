import type { ApiErrorCode } from '@pitclock/contracts/error-codes';
import type { ErrorBody } from '@pitclock/contracts/schemas';

/** The one error body of every service (ARCHITECTURE.md "Calls"), defined once in contracts. */
export { ErrorBody as errorBodySchema, type ErrorBody } from '@pitclock/contracts/schemas';

/** An error that becomes a response with its status and the error shape. Thrown from routers and domain. */
export class HttpError extends Error {
  readonly status: number;
  /** One of contracts' API_ERROR_CODES: a code a client may branch on is declared there first. */
  readonly code: ApiErrorCode;
  readonly details: unknown;
  /** Response headers the error handler sets with the body (e.g. Retry-After on a 429). */
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    details?: unknown,
    headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { error: this.code, message: this.message }
      : { error: this.code, message: this.message, details: this.details };
  }
}

export const badRequest = (message = 'Bad request', details?: unknown) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Authentication required', details?: unknown) =>
  new HttpError(401, 'unauthorized', message, details);
export const forbidden = (message = 'Not allowed', details?: unknown) =>
  new HttpError(403, 'forbidden', message, details);
export const notFound = (message = 'Not found', details?: unknown) =>
  new HttpError(404, 'not_found', message, details);
export const conflict = (message = 'Conflict', details?: unknown) =>
  new HttpError(409, 'conflict', message, details);
/** 429; with retryAfterSeconds the response carries a Retry-After header (whole seconds, at least 1). */
export const tooMany = (message = 'Too many requests', details?: unknown, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    'too_many_requests',
    message,
    details,
    retryAfterSeconds === undefined
      ? undefined
      : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
/** 503; with retryAfterSeconds the response carries a Retry-After header (whole seconds, at least 1). */
export const unavailable = (message = 'Service unavailable', details?: unknown, retryAfterSeconds?: number) =>
  new HttpError(
    503,
    'service_unavailable',
    message,
    details,
    retryAfterSeconds === undefined
      ? undefined
      : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
