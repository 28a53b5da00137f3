import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger, type LogFn } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { isColorSupported, prettyFactory, type MessageFormatFunc, type Prettifier } from 'pino-pretty';
import { commonConfigSchema, loadConfig, type LogLevel } from './config';
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

/** `json`: one JSON object a line, for log collectors. `pretty`: one coloured, readable line an event. */
export type LogFormat = 'json' | 'pretty';

export type LoggerOptions = {
  name: string;
  level?: LogLevel;
  /** Where lines go (default stdout); tests pass a stream to read what a service logged. */
  destination?: DestinationStream;
  /**
   * Default: JSON to a given destination; to stdout, `pretty` when NODE_ENV is development (its default)
   * and `json` otherwise (test, production: compose, Kubernetes and `npm start` set production).
   */
  format?: LogFormat;
};

/** The format of a process's own logger: readable in development, JSON in test and production. */
export const logFormatFor = (nodeEnv: string | undefined): LogFormat =>
  nodeEnv === 'development' ? 'pretty' : 'json';

/** NODE_ENV through kit's schema (every process's config has it; the process validated it already). */
const defaultLogFormat = (): LogFormat =>
  logFormatFor(loadConfig(commonConfigSchema.pick({ NODE_ENV: true })).NODE_ENV);

type RequestLine = {
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
};

/** A request line of createHttpLogger reads 'GET /api/me 200 in 3 ms' instead of its req and res objects. */
const messageFormat: MessageFormatFunc = (log, messageKey) => {
  const message = typeof log[messageKey] === 'string' ? log[messageKey] : '';
  const { req, res, responseTime } = log as RequestLine;
  if (typeof req?.method !== 'string' || typeof req.url !== 'string') return message;
  const status = typeof res?.statusCode === 'number' ? ` ${res.statusCode}` : '';
  const took = typeof responseTime === 'number' ? ` in ${responseTime} ms` : '';
  const line = `${req.method} ${req.url}${status}${took}`;
  return message === 'request completed' ? line : `${line}: ${message}`;
};

/**
 * An error at error level or above reads as its stack; below (a warning about a dependency, say) as one
 * line, its type and message. Its other fields (code, SQLSTATE, constraint...) follow as JSON.
 */
const prettifyError: Prettifier = (value, _key, log) => {
  if (typeof value !== 'object' || value === null) return String(value);
  const { type, message, stack, ...details } = value as Record<string, unknown>;
  const more = Object.keys(details).length > 0 ? ` ${JSON.stringify(details)}` : '';
  const { level } = log as { level?: unknown };
  if (typeof level === 'number' && level >= 50 && typeof stack === 'string') return `${stack}${more}`;
  return `${typeof type === 'string' ? type : 'Error'}: ${String(message)}${more}`;
};

/**
 * Renders one line a logger wrote as JSON the way a development logger writes it: local time, level,
 * message and the other fields on one line (an error below it, see prettifyError). The process's name is left out:
 * a process runs alone in its terminal, or under scripts/ that prefix each line with it. A line that is
 * not JSON comes back as it is. Also used by `npm start` on its processes' JSON.
 */
export const createLogLineFormatter = ({ colorize = isColorSupported }: { colorize?: boolean } = {}): ((
  line: string,
) => string) =>
  prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,name,req,res,responseTime',
    messageFormat,
    customPrettifiers: { err: prettifyError, error: prettifyError },
  });

/** Writes each JSON line readable, synchronously (nothing is lost when the process exits right after). */
const prettyDestination = (target: DestinationStream): DestinationStream => {
  const format = createLogLineFormatter();
  return { write: (line: string) => void target.write(format(line)) };
};

/**
 * The one logger of a process. Authorization and cookie headers are never written, nor any query
 * parameter (see withSafeErrors). Readable lines in development, JSON otherwise (see LoggerOptions.format).
 */
export const createLogger = ({ name, level = 'info', destination, format }: LoggerOptions): Logger => {
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
  if ((format ?? (destination ? 'json' : defaultLogFormat())) === 'pretty') {
    return pino(options, prettyDestination(destination ?? pino.destination({ dest: 1, sync: true })));
  }
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
