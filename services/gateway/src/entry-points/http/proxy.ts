import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { HttpError, badRequest, notFound, serverKeepAliveTimeoutMs, type Logger } from '@pitclock/kit';
import type { RequestHandler } from 'express';
import {
  hasDotSegment,
  isApiPath,
  isEventStreamRequest,
  isEventStreamType,
  upstreamFor,
  upstreamNames,
  type Upstream,
} from '../../domain/routing';
import {
  coolsDown,
  createUpstreamPool,
  mayRetry,
  type AttemptFailure,
  type UpstreamInstance,
  type UpstreamPool,
} from '../../domain/upstream-pool';
import {
  createBodyBudget,
  declaresBody,
  defaultMaxBufferedBodyBytes,
  defaultMaxRequestBodyBytes,
  readRequestBody,
  type BufferedBody,
} from './request-body';

export type ProxyOptions = {
  /** Each service's instances: one base URL or several (round-robin, failover). */
  upstreams: Record<Upstream, string | readonly string[]>;
  /** No byte from the instance for this long (after connecting): 504, never retried. */
  timeoutMs: number;
  /**
   * Once an event stream (text/event-stream) has started, no byte from the instance for this long cuts it
   * (the client reconnects). Above the stream's heartbeat, so that an idle stream stays open. Default 120 s.
   */
  streamIdleTimeoutMs?: number;
  /**
   * Getting a connection to an instance (a free keep-alive socket, or a new one connected) takes longer: that
   * instance is down or saturated, try the next. Default min(5 s, timeoutMs).
   */
  connectTimeoutMs?: number;
  /** Open connections per instance (busy and idle); more concurrent requests wait for one. Default 64. */
  maxSockets?: number;
  /** An idle keep-alive connection is closed after this long. Default 1 s below the services' keep-alive timeout. */
  idleTimeoutMs?: number;
  /** How long an instance whose connection failed is skipped. Default 2 s. */
  cooldownMs?: number;
  /** Larger request bodies are refused with 413 (they are buffered to be retried). Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * What the bodies of all requests in flight may hold together; a body that would pass it is refused with
   * 503 and Retry-After. Default 32 MiB.
   */
  maxBufferedBodyBytes?: number;
  now?: () => number;
  logger: Logger;
};

export const defaultUpstreamCooldownMs = 2_000;
export const defaultConnectTimeoutMs = 5_000;
export const defaultUpstreamMaxSockets = 64;
export const defaultStreamIdleTimeoutMs = 120_000;
/**
 * The services close a keep-alive connection idle for serverKeepAliveTimeoutMs (kit's serve); the gateway
 * drops its idle ones a second earlier, so it never sends a request on a socket the instance is closing.
 * (Node's agent also caps this at the `Keep-Alive: timeout=N` the instance announces, minus 1 s.)
 */
export const defaultUpstreamIdleTimeoutMs = serverKeepAliveTimeoutMs - 1_000;

export type UpstreamAgents = {
  http: http.Agent;
  https: https.Agent;
  /**
   * For event streams: a connection of their own each (no keep-alive, no cap), so that open streams, which
   * last as long as a phone listens, never hold the pooled connections the other requests wait for.
   */
  streams: { http: http.Agent; https: https.Agent };
  /** Closes every pooled connection: for shutdown, once no request is in flight. */
  destroy: () => void;
};

/**
 * The gateway's connection pools to the instances: keep-alive, at most maxSockets per instance (Node's
 * agents count per host:port), idle sockets destroyed after idleTimeoutMs (the agent's `timeout` option
 * destroys a socket that times out while in the free list), the most recently used socket reused first
 * (lifo) so surplus ones idle out.
 */
export const createUpstreamAgents = ({
  maxSockets = defaultUpstreamMaxSockets,
  idleTimeoutMs = defaultUpstreamIdleTimeoutMs,
}: { maxSockets?: number; idleTimeoutMs?: number } = {}): UpstreamAgents => {
  const options = { keepAlive: true, maxSockets, timeout: idleTimeoutMs, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  const streams = {
    http: new http.Agent({ keepAlive: false }),
    https: new https.Agent({ keepAlive: false }),
  };
  return {
    ...agents,
    streams,
    destroy: () => {
      for (const agent of [agents.http, agents.https, streams.http, streams.https]) agent.destroy();
    },
  };
};

export const upstreamUrls = (value: string | readonly string[]): readonly string[] =>
  typeof value === 'string' ? [value] : value;

/** Hop-by-hop headers (RFC 9110 section 7.6.1) and those the gateway sets itself: never forwarded as is. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Never forwarded to an instance: the whole body is buffered, so no Expect: 100-continue, and a length of its own. */
const requestHopByHop: ReadonlySet<string> = new Set([...hopByHop, 'content-length', 'expect']);

/**
 * The headers not forwarded: `base`, and those the Connection header names. Usually it names only
 * keep-alive, already in `base`: no set is built per request then.
 */
const droppedHeaders = (
  connection: string | string[] | undefined,
  base: ReadonlySet<string> = hopByHop,
): ReadonlySet<string> => {
  if (connection === undefined) return base;
  // What nearly every request and answer says.
  if (typeof connection === 'string' && connection.toLowerCase() === 'keep-alive') return base;
  const named = (Array.isArray(connection) ? connection.join(',') : connection)
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '' && !base.has(token));
  return named.length === 0 ? base : new Set([...base, ...named]);
};

const appendForwarded = (existing: string | string[] | undefined, value: string) => {
  const before = Array.isArray(existing) ? existing.join(',') : existing;
  return before ? `${before},${value}` : value;
};

/**
 * What the instance receives: the client's end-to-end headers, the buffered body's length, the gateway's
 * request id, and X-Forwarded-For/-Port/-Proto/-Host (appended to, as http-proxy's xfwd did).
 */
const forwardHeaders = (req: IncomingMessage, body: Buffer, requestId: string | undefined) => {
  // The whole body is here: no Expect: 100-continue, and Content-Length instead of any chunking.
  const dropped = droppedHeaders(req.headers.connection, requestHopByHop);
  const headers: OutgoingHttpHeaders = {};
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value !== undefined && !dropped.has(name)) headers[name] = value;
  }
  if (declaresBody(req) || body.length > 0) headers['content-length'] = body.length;
  if (requestId) headers['x-request-id'] = requestId;
  const encrypted = req.socket instanceof TLSSocket && req.socket.encrypted;
  const hostPort = req.headers.host?.match(/:(\d+)$/)?.[1];
  headers['x-forwarded-for'] = appendForwarded(
    req.headers['x-forwarded-for'],
    req.socket.remoteAddress ?? '',
  );
  headers['x-forwarded-port'] = appendForwarded(
    req.headers['x-forwarded-port'],
    hostPort ?? (encrypted ? '443' : '80'),
  );
  headers['x-forwarded-proto'] = appendForwarded(
    req.headers['x-forwarded-proto'],
    encrypted ? 'https' : 'http',
  );
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
  return headers;
};

/**
 * Called once an answer's status and headers are set, before any of it is written: the API lane adds its
 * security headers and decides on compression there (the express path has its middleware for both).
 */
export type PrepareAnswer = (req: IncomingMessage, res: ServerResponse) => void;

const sendError = (req: IncomingMessage, res: ServerResponse, error: HttpError, prepare?: PrepareAnswer) => {
  if (res.headersSent || res.destroyed) {
    // The instance had started answering: the only honest signal left is a cut connection.
    res.destroy();
    return;
  }
  const body = JSON.stringify(error.toBody());
  res.statusCode = error.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  prepare?.(req, res);
  res.end(body);
};

type AttemptOutcome =
  | { kind: 'answered' }
  | { kind: 'failed'; failure: AttemptFailure; err: Error; reused: boolean }
  | { kind: 'client-gone' };

/** Where an instance's requests go: its base URL parsed once, not per request. */
type Target = { secure: boolean; hostname: string; port: string | number; prefix: string };
const targets = new Map<string, Target>();
const targetOf = (url: string): Target => {
  let target = targets.get(url);
  if (!target) {
    const parsed = new URL(url);
    const secure = parsed.protocol === 'https:';
    target = {
      secure,
      hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: parsed.port || (secure ? 443 : 80),
      prefix: parsed.pathname.replace(/(?<!\/)\/+$/, ''),
    };
    targets.set(url, target);
  }
  return target;
};

/** Sockets that have connected (and finished their TLS handshake): handed out again, they are ready. */
const established = new WeakSet<Socket>();

type AttemptParams = {
  instance: UpstreamInstance;
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  timeoutMs: number;
  streamIdleTimeoutMs: number;
  connectTimeoutMs: number;
  agents: UpstreamAgents;
  prepare: PrepareAnswer | undefined;
};

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;

/**
 * One try of one instance. Resolves when the response has started streaming to the client ('answered';
 * from then on an upstream failure cuts the client connection), when the try failed before any response
 * (classified for the retry decision), or when the client went away.
 */
const attempt = ({
  instance,
  req,
  res,
  path,
  headers,
  body,
  timeoutMs,
  streamIdleTimeoutMs,
  connectTimeoutMs,
  agents,
  prepare,
}: AttemptParams): Promise<AttemptOutcome> =>
  new Promise((resolve) => {
    const { secure, hostname, port, prefix } = targetOf(instance.url);
    let phase: 'connecting' | 'sent' | 'answered' = 'connecting';
    let timedOut = false;
    let settled = false;
    let answer: IncomingMessage | undefined;
    let assigned: Socket | undefined;
    let reused = false;
    let bytesReadBefore = 0;
    const pool = isEventStreamRequest(req.method, path.split('?')[0]!) ? agents.streams : agents;

    const proxyReq = (secure ? https : http).request({
      protocol: secure ? 'https:' : 'http:',
      hostname,
      port,
      method: req.method,
      path: `${prefix}${path}`,
      headers,
      // A pooled keep-alive connection (see createUpstreamAgents). The risk it brings: a reused socket the
      // instance closes just as the request goes out fails as a reset before any response byte. mayRetry
      // then retries an idempotent method on the next instance; a POST/PATCH is NOT retried (502), because
      // nothing proves that no byte of it reached the instance. The idle timeout below the instances'
      // keep-alive timeout makes that race rare.
      // An event stream gets a connection of its own instead (see UpstreamAgents.streams).
      agent: secure ? pool.https : pool.http,
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
    });

    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      if (outcome.kind === 'failed') res.off('close', onClientClose);
      resolve(outcome);
    };
    const onClientClose = () => {
      if (res.writableFinished) return;
      proxyReq.destroy();
      settle({ kind: 'client-gone' });
    };
    res.on('close', onClientClose);

    // Covers the wait for a free socket when the instance already has maxSockets open, and connecting.
    const connectTimer = setTimeout(() => {
      const message = assigned
        ? `connect timed out after ${connectTimeoutMs} ms`
        : `no free connection to the instance within ${connectTimeoutMs} ms`;
      proxyReq.destroy(Object.assign(new Error(message), { code: 'ETIMEDOUT' }));
    }, connectTimeoutMs);

    proxyReq.once('socket', (socket) => {
      assigned = socket;
      reused = proxyReq.reusedSocket || established.has(socket);
      // A reused socket has read earlier responses: only bytes read from now on answer this request.
      bytesReadBefore = socket.bytesRead;
      const connected = () => {
        established.add(socket);
        clearTimeout(connectTimer);
        phase = 'sent';
        proxyReq.setTimeout(timeoutMs);
      };
      if (reused || (!secure && !socket.connecting)) connected();
      else socket.once(secure ? 'secureConnect' : 'connect', connected);
    });
    proxyReq.on('timeout', () => {
      // A new socket carries the agent's idle timeout until it connects: the connect timer owns that phase.
      if (phase === 'connecting') return;
      timedOut = true;
      const message =
        phase === 'answered'
          ? 'the answer stalled (no byte within its timeout)'
          : `no answer within ${timeoutMs} ms`;
      proxyReq.destroy(Object.assign(new Error(message), { code: 'UPSTREAM_TIMEOUT' }));
    });
    proxyReq.on('error', (err) => {
      if (phase === 'answered') {
        // Mid-answer: headers are out, so cut the client connection rather than end a truncated body.
        // (An error after the whole answer arrived, e.g. EPIPE of a body the instance did not read, is moot.)
        if (!answer?.complete) res.destroy();
        return;
      }
      const socket = assigned;
      const sawResponseBytes =
        socket !== undefined && !(socket instanceof TLSSocket) && socket.bytesRead > bytesReadBefore;
      const failure: AttemptFailure = timedOut
        ? 'timeout'
        : phase === 'connecting'
          ? 'connect'
          : codeOf(err)?.startsWith('HPE_') || sawResponseBytes
            ? 'response'
            : 'reset';
      settle({ kind: 'failed', failure, err, reused });
    });
    proxyReq.on('response', (proxyRes) => {
      phase = 'answered';
      answer = proxyRes;
      const dropped = droppedHeaders(proxyRes.headers.connection);
      for (const name in proxyRes.headers) {
        const value = proxyRes.headers[name];
        if (value !== undefined && !dropped.has(name)) res.setHeader(name, value);
      }
      res.statusCode = proxyRes.statusCode ?? 502;
      if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
      prepare?.(req, res);
      if (isEventStreamType(proxyRes.headers['content-type'])) {
        // An open stream is quiet between events: only a stream silent past its heartbeats is cut. The
        // headers go out now, and each event as it comes (pipe writes every chunk; nothing compresses it).
        proxyReq.setTimeout(streamIdleTimeoutMs);
        res.flushHeaders();
      }
      // The instance died mid-answer: a truncated body must not look complete to the client.
      proxyRes.on('close', () => {
        if (!proxyRes.complete) res.destroy();
      });
      proxyRes.on('error', () => res.destroy());
      proxyRes.pipe(res);
      settle({ kind: 'answered' });
    });

    proxyReq.end(body.length > 0 ? body : undefined);
  });

type ServiceProxy = (
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  prepare: PrepareAnswer | undefined,
) => Promise<void>;

const createServiceProxy = (
  name: Upstream,
  pool: UpstreamPool,
  {
    timeoutMs,
    streamIdleTimeoutMs,
    logger,
    connectTimeoutMs,
    agents,
  }: {
    timeoutMs: number;
    streamIdleTimeoutMs: number;
    logger: Logger;
    connectTimeoutMs: number;
    agents: UpstreamAgents;
  },
): ServiceProxy => {
  return async (req, res, body, prepare) => {
    const method = req.method ?? 'GET';
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const requestId = res.getHeader('x-request-id');
    const reqId = typeof requestId === 'string' ? requestId : undefined;
    const headers = forwardHeaders(req, body, reqId);
    const order = pool.attemptOrder();
    for (let index = 0; index < order.length; index += 1) {
      const instance = order[index]!;
      const context = { upstream: name, instance: instance.url, attempt: index + 1, method, url, reqId };
      logger.debug({ ...context, cooling: pool.isCooling(instance) }, 'proxy attempt');
      const outcome = await attempt({
        instance,
        req,
        res,
        path: url,
        headers,
        body,
        timeoutMs,
        streamIdleTimeoutMs,
        connectTimeoutMs,
        agents,
        prepare,
      });
      if (outcome.kind === 'answered') {
        pool.markHealthy(instance);
        return;
      }
      if (outcome.kind === 'client-gone') {
        logger.debug(context, 'client went away before the upstream answered');
        return;
      }
      const { failure, err, reused } = outcome;
      // A reset on a reused keep-alive socket is most likely the idle-close race, not a sign the instance is
      // down: no cool-down (a new connection that fails does cool it down).
      if (coolsDown(failure) && !(failure === 'reset' && reused)) pool.markFailed(instance);
      const nextInstance = order[index + 1];
      if (nextInstance && mayRetry(method, failure)) {
        logger.warn(
          { ...context, err, failure, reused, next: nextInstance.url },
          'upstream attempt failed; failing over to the next instance',
        );
        continue;
      }
      const exhausted = !nextInstance && mayRetry(method, failure);
      logger.warn(
        { ...context, err, failure, reused, timeout: failure === 'timeout', exhausted },
        exhausted
          ? 'upstream request failed on every instance'
          : 'upstream request failed; not retried (it may have reached the instance)',
      );
      sendError(
        req,
        res,
        failure === 'timeout'
          ? new HttpError(504, 'upstream_timeout', `The ${name} service did not answer in time`)
          : new HttpError(502, 'upstream_unavailable', `The ${name} service is unavailable`),
        prepare,
      );
      return;
    }
  };
};

/** What becomes of a request the proxy refuses before forwarding it (413, 503), or that failed: the error handler. */
export type Refuse = (req: IncomingMessage, res: ServerResponse, error: unknown) => void;

export type ApiProxy = RequestHandler & {
  /**
   * Forwards a request already routed to `upstream` (the API lane's entry): its body read, then the
   * instances tried in turn. A body it refuses goes to `refuse`; `prepare` sees each answer first.
   */
  forward: (
    req: IncomingMessage,
    res: ServerResponse,
    upstream: Upstream,
    refuse: Refuse,
    prepare?: PrepareAnswer,
  ) => Promise<void>;
  /** Closes the pooled upstream connections (shutdown, after the in-flight requests finished). */
  closeConnections: () => void;
};

/**
 * Everything under /api: forwarded unchanged (the /api prefix kept) to the service that owns the path,
 * round-robin over its instances, skipping one whose connection recently failed; a failed connection is
 * retried on the next instance when that cannot cause a double write (see mayRetry). An unknown /api path
 * is a 404 with the error shape; a body over the cap a 413, one the bodies in flight leave no room for a 503;
 * no instance answering a 502, a slow one a 504.
 * Connections to the instances are kept alive and pooled (createUpstreamAgents).
 */
export const createApiProxy = (options: ProxyOptions): ApiProxy => {
  const now = options.now ?? Date.now;
  const cooldownMs = options.cooldownMs ?? defaultUpstreamCooldownMs;
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxRequestBodyBytes;
  // Bodies are buffered whole so that a request can be sent again to another instance (see mayRetry).
  const bodyBudget = createBodyBudget(options.maxBufferedBodyBytes ?? defaultMaxBufferedBodyBytes);
  const settings = {
    timeoutMs: options.timeoutMs,
    streamIdleTimeoutMs: options.streamIdleTimeoutMs ?? defaultStreamIdleTimeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? Math.min(defaultConnectTimeoutMs, options.timeoutMs),
    logger: options.logger,
    agents: createUpstreamAgents({ maxSockets: options.maxSockets, idleTimeoutMs: options.idleTimeoutMs }),
  };
  const proxyFor = (name: Upstream) =>
    createServiceProxy(
      name,
      createUpstreamPool({ urls: upstreamUrls(options.upstreams[name]), cooldownMs, now }),
      settings,
    );
  const proxies = Object.fromEntries(upstreamNames.map((name) => [name, proxyFor(name)])) as Record<
    Upstream,
    ServiceProxy
  >;
  const forward: ApiProxy['forward'] = async (req, res, upstream, refuse, prepare) => {
    let buffered: BufferedBody;
    try {
      buffered = await readRequestBody(req, maxBodyBytes, bodyBudget);
    } catch (err) {
      if (err instanceof HttpError) refuse(req, res, err);
      else options.logger.debug({ err, url: req.url }, 'client went away while sending the body');
      return;
    }
    try {
      await proxies[upstream](req, res, buffered.body, prepare);
    } finally {
      buffered.release();
    }
  };
  const handler: RequestHandler = async (req, res, next) => {
    if (!isApiPath(req.path)) {
      next();
      return;
    }
    if (hasDotSegment(req.path)) {
      next(badRequest('Path segments . and .. are not allowed'));
      return;
    }
    const upstream = upstreamFor(req.path);
    if (!upstream) {
      next(notFound(`No route for ${req.method} ${req.path}`));
      return;
    }
    await forward(req, res, upstream, (_req, _res, error) => next(error));
  };
  return Object.assign(handler, { forward, closeConnections: settings.agents.destroy });
};
