import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import { isDependencyUnavailable } from './dependency-errors';
import { HttpError, notFound, unavailable } from './errors';
import { validationFailed } from './validate';

/** JSON body parser with a size limit. Malformed JSON becomes a 400 and a too-large body a 413 (see errorHandler). */
export const jsonBody = ({ limit = '100kb' }: { limit?: string | number } = {}): RequestHandler =>
  express.json({ limit, strict: true });

/**
 * True when a NUL character is in any string or key of a parsed JSON value, at any depth. Iterative: a
 * body nested 50,000 levels deep must not overflow the stack.
 */
export const containsNul = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(element);
      }
    }
  }
  return false;
};

export const invalidCharacters = () =>
  new HttpError(400, 'invalid_characters', 'The request contains a NUL character, which is never accepted');

/**
 * Refuses a request with a NUL character in its path (route parameters), its query string or its JSON
 * body (keys and values) before any handler runs: PostgreSQL cannot store NUL in text, so it would fail
 * deep inside a query. In a URL a NUL can only arrive percent-encoded (Node refuses a raw one).
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  next(/%00/.test(req.originalUrl) || containsNul(req.body) ? invalidCharacters() : undefined);
};

/** Any route no router answered: 404 with the error shape. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

/** body-parser and http-errors carry type/status/expose; translate them without trusting their message. */
type ExpressLikeError = { type?: unknown; status?: unknown; statusCode?: unknown; expose?: unknown };

const fromHttpLikeError = (err: unknown): HttpError | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
  // express's router could not percent-decode a route parameter (it marks the URIError 400, not exposed).
  if (err instanceof URIError && (err as ExpressLikeError).status === 400) {
    return new HttpError(400, 'invalid_path', 'The request path is not valid percent-encoding');
  }
  const { type, status, statusCode, expose } = err as ExpressLikeError;
  switch (type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
    case 'entity.too.large':
      return new HttpError(413, 'payload_too_large', 'Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'unsupported_media_type', 'Request body encoding is not supported');
    case 'request.aborted':
      return new HttpError(400, 'request_aborted', 'Request was aborted');
    default:
      break;
  }
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined;
  if (code !== undefined && code >= 400 && code < 500 && expose === true) {
    return new HttpError(code, 'bad_request', 'Bad request');
  }
  return undefined;
};

/** The SQLSTATE of a PostgreSQL error, under drizzle's DrizzleQueryError (`cause`) or not. */
const sqlStateOf = (err: unknown): string | undefined => {
  let current = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, severity, cause } = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
    current = cause;
  }
  return undefined;
};

/**
 * A PostgreSQL data exception (SQLSTATE class 22: a character it cannot store, a number out of range,
 * text that is not a valid value of its type, a string too long...) is a value the request brought that
 * validation let through: a 400, not a 500. The answer never says which value.
 */
const fromDataException = (sqlState: string): HttpError =>
  sqlState === '22021' || sqlState === '22P05'
    ? new HttpError(400, 'invalid_characters', 'The request contains characters that cannot be stored')
    : new HttpError(400, 'invalid_value', 'A value of the request cannot be stored');

/** What a client is told when a dependency is down: try again after this many seconds. */
export const dependencyRetryAfterSeconds = 5;

/**
 * The last middleware: every error becomes { error, message, details? } with its status.
 * A dependency that is down or restarting (PostgreSQL, Redis: see isDependencyUnavailable) is a 503
 * service_unavailable with Retry-After, not a 500. 5xx are logged with their stack; a stack or internal
 * message is never sent.
 */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (err: unknown, req, res, next) => {
    if (res.headersSent) {
      logger.error({ err, path: req.path }, 'error after the response started');
      next(err);
      return;
    }
    let httpError: HttpError;
    const sqlState = sqlStateOf(err);
    if (err instanceof HttpError) httpError = err;
    else if (err instanceof ZodError) httpError = validationFailed(err);
    else if (sqlState?.startsWith('22')) {
      httpError = fromDataException(sqlState);
      // The logger drops the query's parameters and PostgreSQL's echo of the value (see safeError).
      logger.warn({ err, sqlState, method: req.method, path: req.path }, 'a value was refused by PostgreSQL');
    } else {
      httpError =
        fromHttpLikeError(err) ??
        (isDependencyUnavailable(err)
          ? unavailable(
              'The service is temporarily unavailable; try again shortly',
              undefined,
              dependencyRetryAfterSeconds,
            )
          : new HttpError(500, 'internal_error', 'Internal server error'));
    }
    if (httpError.status >= 500) logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (httpError.headers) res.set(httpError.headers);
    res.status(httpError.status).json(httpError.toBody());
  };
