import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@pitclock/kit';

/** An X-Request-Id the gateway adopts (kit's rule); any other is replaced by a new UUID. */
const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * The request id of a request: the client's X-Request-Id (its lines joined, as in req.headers) when it
 * is a sane one, else a new UUID.
 */
export const requestIdFrom = (incoming: string | undefined): string =>
  incoming !== undefined && requestIdPattern.test(incoming) ? incoming : randomUUID();

type Level = 'error' | 'warn' | 'info';

/** kit's createHttpLogger's levels: 5xx error, 4xx warn, the rest info. */
const levelOf = (status: number): Level => (status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');

/**
 * The request line of the API lane, shaped as kit's createHttpLogger (pino-http) writes it: req (id,
 * method, url, remote address and port), res (statusCode), responseTime in ms, 'request completed'
 * ('request aborted' when the client went away first; a 5xx at error level as 'request errored', with an
 * err), under the request id the lane gives it (requestIdFrom), which goes to the instance with the request
 * and comes back on the answer.
 * What it leaves out is what made pino-http's line the gateway's largest cost after the proxying: a child
 * logger per request (which serializes the request up front, whether its line is written or not) and the
 * request's and response's headers, copied and redacted for every line. The instance's own line, under
 * the same request id, has the request's headers; the gateway's response headers are its fixed security
 * headers and the instance's. Nothing is built when the line's level is off.
 */
export const createRequestLog =
  (logger: Logger) =>
  (req: IncomingMessage, res: ServerResponse, id: string): void => {
    const startedAt = Date.now();
    // Read now: once the connection is gone, the socket no longer knows its peer.
    const { remoteAddress, remotePort } = req.socket;
    // Emitted once the answer was sent, or when the connection closed before: exactly once either way.
    res.on('close', () => {
      const status = res.statusCode;
      const level = levelOf(status);
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { id, method: req.method, url: req.url, remoteAddress, remotePort },
        res: { statusCode: res.headersSent ? status : null },
        responseTime: Date.now() - startedAt,
      };
      if (level === 'error') {
        logger.error({ ...line, err: new Error(`failed with status code ${status}`) }, 'request errored');
        return;
      }
      const completed = !req.readableAborted && res.writableEnded;
      logger[level](line, completed ? 'request completed' : 'request aborted');
    });
  };
