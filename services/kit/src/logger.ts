import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { LogLevel } from './config';

export type { Logger } from 'pino';

/** The one logger of a process. Authorization and cookie headers are never written. */
export const createLogger = ({ name, level = 'info' }: { name: string; level?: LogLevel }): Logger =>
  pino({
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });

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
