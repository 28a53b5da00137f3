import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import { isDependencyUnavailable } from './dependency-errors';
import { HttpError, notFound, unavailable } from './errors';
import { toIssues } from './validate';

/** JSON body parser with a size limit. Malformed JSON becomes a 400 and a too-large body a 413 (see errorHandler). */
export const jsonBody = ({ limit = '100kb' }: { limit?: string | number } = {}): RequestHandler =>
  express.json({ limit, strict: true });

/** Any route no router answered: 404 with the error shape. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

/** body-parser and http-errors carry type/status/expose; translate them without trusting their message. */
type ExpressLikeError = { type?: unknown; status?: unknown; statusCode?: unknown; expose?: unknown };

const fromHttpLikeError = (err: unknown): HttpError | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
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
    if (err instanceof HttpError) httpError = err;
    else if (err instanceof ZodError) {
      httpError = new HttpError(400, 'validation_failed', 'Request is invalid', { issues: toIssues(err) });
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
