import {
  createServer,
  STATUS_CODES,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Logger } from 'pino';
import { ConfigError, defaultHeadersTimeoutMs, defaultRequestTimeoutMs } from './config';
import { HttpError } from './http/errors';
import { UnreachableError } from './unreachable';

export type ServeOptions = {
  port: number;
  host?: string;
  logger: Logger;
  /** Runs once the server has stopped: close pools, Redis clients, queues. */
  onClose?: () => Promise<void>;
  /** How long in-flight requests may take to finish after stop() before connections are cut. */
  shutdownTimeoutMs?: number;
  /** The whole request (headers and body) must arrive within this, else 408 and the connection closed. */
  requestTimeoutMs?: number;
  /** The request's headers must arrive within this (at most requestTimeoutMs), else 408. */
  headersTimeoutMs?: number;
};

/**
 * How long the server keeps an idle keep-alive connection open (Node's default, pinned here because the
 * gateway relies on it): the gateway's upstream agent drops its idle sockets a margin before this, so it
 * never sends a request on a connection the service is closing.
 */
export const serverKeepAliveTimeoutMs = 5_000;

export type ServerHandle = {
  server: Server;
  url: string;
  port: number;
  /** Stop accepting, let in-flight requests finish (up to the deadline), then run onClose. Idempotent. */
  stop: () => Promise<void>;
};

/** What a client whose request Node's parser refused (or that was too slow) is told. */
const clientErrorAnswer = (code: string | undefined): HttpError => {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError(408, 'request_timeout', 'The request was not received in time');
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError(431, 'headers_too_large', 'The request headers are too large');
    default:
      return new HttpError(400, 'bad_request', 'The request is not valid HTTP');
  }
};

/**
 * Node answers a request it cannot parse, or one that timed out, with a bare status line; this answers
 * with the error shape instead (written on the socket: there is no response object), then closes.
 */
const answerClientError = (err: Error & { code?: string }, socket: Socket) => {
  // An in-flight response that already started cannot take another status line.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (err.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
    const error = clientErrorAnswer(err.code);
    const body = JSON.stringify(error.toBody());
    socket.end(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroySoon();
};

/** Starts an HTTP server; signals are not touched (see installShutdown). */
export const serve = async (app: RequestListener, options: ServeOptions): Promise<ServerHandle> => {
  const { logger, host = '127.0.0.1', shutdownTimeoutMs = 10_000 } = options;
  const requestTimeout = options.requestTimeoutMs ?? defaultRequestTimeoutMs;
  // A keep-alive connection that starts a request just before it times out must not be cut by headersTimeout.
  const headersTimeout = Math.min(
    requestTimeout,
    Math.max(options.headersTimeoutMs ?? defaultHeadersTimeoutMs, serverKeepAliveTimeoutMs + 1_000),
  );
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      // How often Node looks for requests past their timeouts (its default, 30 s, would add up to 30 s).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
    app,
  );
  server.keepAliveTimeout = serverKeepAliveTimeoutMs;
  server.on('clientError', answerClientError);
  let stopping = false;
  // Once stopping, responses ask clients to close their keep-alive connection.
  server.on('request', (_req, res) => {
    if (stopping && !res.headersSent) res.setHeader('Connection', 'close');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.info({ url }, 'listening');

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      logger.info('stopping: no new connections, finishing in-flight requests');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets become idle when their response ends; close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      sweep.unref();
      server.closeIdleConnections();
      let deadline: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        deadline = setTimeout(() => resolve('timeout'), shutdownTimeoutMs);
      });
      if ((await Promise.race([closed, timedOut])) === 'timeout') {
        logger.warn({ shutdownTimeoutMs }, 'in-flight requests did not finish in time; closing connections');
        server.closeAllConnections();
        await closed;
      }
      clearTimeout(deadline);
      clearInterval(sweep);
      await options.onClose?.();
      logger.info('stopped');
    })());

  return { server, url, port, stop };
};

export type Stoppable = { stop: () => Promise<void> };

/**
 * Process-level wiring, for main.ts only: on SIGTERM or SIGINT stop the handles in order and exit 0
 * (1 when stopping failed). A second signal exits at once.
 */
export const installShutdown = (handles: Stoppable | Stoppable[], logger: Logger): void => {
  const list = Array.isArray(handles) ? handles : [handles];
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    void (async () => {
      try {
        for (const handle of list) await handle.stop();
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      }
    })();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
};

/**
 * Runs an async main; a failure to start is printed (a ConfigError or an UnreachableError as its message,
 * others with stack) and exits 1.
 */
export const runMain = (main: () => Promise<void>): void => {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof UnreachableError ? err.message : err);
    process.exit(1);
  });
};
