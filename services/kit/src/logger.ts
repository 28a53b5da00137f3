import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger, type LogFn } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { LogLevel } from './config';
import { isErrorLike, safeError } from './safe-errors';

export type { Logger } from 'pino';

/**
 * Every error handed to a log call, under any top-level key or as the first argument, is written as
 * safeError makes it: without the parameters of a failed query or the row values PostgreSQL echoes. pino
 * takes a log line's message from such an error before any serializer runs, hence a hook and not only
 * the err serializer.
 */
function withSafeErrors(this: Logger, args: Parameters<LogFn>, method: LogFn): void {
  const [first, ...rest] = args as unknown[];
  const safeRest = rest.map((arg) => (isErrorLike(arg) ? safeError(arg) : arg));
  if (isErrorLike(first)) {
    const err = safeError(first) as { message: string };
    const message = typeof safeRest[0] === 'string' ? [] : [err.message];
    (method as (...all: unknown[]) => void).apply(this, [{ err }, ...message, ...safeRest]);
    return;
  }
  if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(first)) {
      if (!isErrorLike(value)) continue;
      copy ??= { ...first };
      copy[key] = safeError(value);
    }
    (method as (...all: unknown[]) => void).apply(this, [copy ?? first, ...safeRest]);
    return;
  }
  (method as (...all: unknown[]) => void).apply(this, [first, ...safeRest]);
}

export type LoggerOptions = {
  name: string;
  level?: LogLevel;
  /** Where lines go (default stdout); tests pass a stream to read what a service logged. */
  destination?: DestinationStream;
};

/**
 * The one logger of a process. Authorization and cookie headers are never written, nor any query
 * parameter (see withSafeErrors).
 */
export const createLogger = ({ name, level = 'info', destination }: LoggerOptions): Logger => {
  const options = {
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: { err: safeError },
    hooks: { logMethod: withSafeErrors },
  };
  return destination ? pino(options, destination) : pino(options);
};

const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);
const requestIdPattern = /^[\w.:-]{1,128}$/;

/** Request logging: one line per response, 5xx as error, 4xx as warn, probes and scrapes only at debug. */
export const createHttpLogger = (logger: Logger): HttpLogger =>
  pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return quietPaths.has((req.url ?? '').split('?')[0] ?? '') ? 'debug' : 'info';
    },
  });
