import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, badRequest, notFound, serverKeepAliveTimeoutMs, type Logger } from '@pitclock/kit';
import type { RequestHandler } from 'express';
import { Client, Pool, type Dispatcher } from 'undici';
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
import { hasHeader, headerValue, type AnswerHead } from './answer-head';
import {
  createBodyBudget,
  defaultMaxBufferedBodyBytes,
  defaultMaxRequestBodyBytes,
  readRequestBody,
  type BufferedBody,
} from './request-body';
import {
  declaresBody,
  forwardedHeaderLines,
  hopByHopHeaders,
  readRequestHead,
  withoutHeaders,
  type RequestHead,
} from './request-head';

export type ProxyOptions = {
  /** Each service's instances: one base URL or several (round-robin, failover). */
  upstreams: Record<Upstream, string | readonly string[]>;
  /**
   * After the request went out: no complete answer head from the instance within this long is a 504,
   * never retried; once the answer started, no byte of its body for this long cuts it. Checked with
   * undici's coarse timers (about half a second of resolution), which cost next to nothing per request.
   */
  timeoutMs: number;
  /**
   * Once an event stream (a declared event-stream path, GET /api/sync/events) has started, no byte from the
   * instance for this long cuts it (the client reconnects). Above the stream's heartbeat, so that an idle
   * stream stays open. Default 120 s.
   */
  streamIdleTimeoutMs?: number;
  /**
   * Getting a connection to an instance (a free keep-alive one, or a new one connected) takes longer: that
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
 * (An instance announcing `Keep-Alive: timeout=N` caps it at N minus 1 s too.)
 */
export const defaultUpstreamIdleTimeoutMs = serverKeepAliveTimeoutMs - 1_000;

export const upstreamUrls = (value: string | readonly string[]): readonly string[] =>
  typeof value === 'string' ? [value] : value;

/**
 * Called once an answer's head is known, before any of it is written: the API lane adds its security
 * headers and decides on compression there (the express path has its middleware for both). It may change
 * head.headers, and install compression on `res`.
 */
export type PrepareAnswer = (req: IncomingMessage, res: ServerResponse, head: AnswerHead) => void;

/** What becomes of a request the proxy refuses before forwarding it (413, 503), or that failed: the error handler. */
export type Refuse = (req: IncomingMessage, res: ServerResponse, error: unknown) => void;

/** How the proxy answers one request: the lane's hooks, or none behind express's middleware. */
export type ForwardOptions = {
  /** The request id: sent to the instance, and on the answer when the instance's has none. */
  requestId: string | undefined;
  refuse: Refuse;
  prepare?: PrepareAnswer;
};

/**
 * Writes an answer's head: in one writeHead call, which takes the header lines as they are (behind
 * express, they replace what the middleware set of the same names). No reason phrase is passed when there
 * is none: compression's hook (on-headers) reads the lines from the second argument then.
 */
const writeHead = (res: ServerResponse, head: AnswerHead) => {
  if (head.statusText === undefined) res.writeHead(head.status, head.headers);
  else res.writeHead(head.status, head.statusText, head.headers);
};

/**
 * The gateway's own error answer (502, 504) with the one error shape. The lane completes its head as
 * any answer's; behind express, the middleware's headers are on the response already.
 */
const sendError = (call: Call, error: HttpError) => {
  const { res } = call;
  if (res.headersSent || res.destroyed) {
    // The instance had started answering: the only honest signal left is a cut connection.
    res.destroy();
    return;
  }
  const body = JSON.stringify(error.toBody());
  const head: AnswerHead = {
    status: error.status,
    statusText: undefined,
    headers: [
      'content-type',
      'application/json; charset=utf-8',
      'content-length',
      String(Buffer.byteLength(body)),
    ],
  };
  call.complete(head);
  writeHead(res, head);
  res.end(body);
};

/** Where an instance's requests go: its base URL parsed once, not per request. */
type Target = { origin: string; prefix: string };
const targets = new Map<string, Target>();
const targetOf = (url: string): Target => {
  let target = targets.get(url);
  if (!target) {
    const parsed = new URL(url);
    target = { origin: parsed.origin, prefix: parsed.pathname.replace(/(?<!\/)\/+$/, '') };
    targets.set(url, target);
  }
  return target;
};

/**
 * One keep-alive connection of a pool (undici's Client, one socket at a time), which counts the requests
 * started on its current socket: a request finding one there reuses a kept-alive socket, which the
 * instance may be closing just then (see Attempt.onError).
 */
class UpstreamConnection extends Client {
  requestsOnSocket = 0;

  constructor(origin: URL | string, options: Client.Options) {
    super(origin, options);
    this.on('connect', () => {
      this.requestsOnSocket = 0;
    });
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    if (handler instanceof Attempt) handler.connection = this;
    return super.dispatch(options, handler);
  }
}

type Settings = {
  timeoutMs: number;
  streamIdleTimeoutMs: number;
  connectTimeoutMs: number;
  maxSockets: number;
  idleTimeoutMs: number;
  logger: Logger;
};

/**
 * The gateway's connections to the instances: one pool per origin (host and port), as Node's agents
 * counted: keep-alive, at most maxSockets connections (more requests wait in the pool for one), idle ones
 * closed after idleTimeoutMs (or 1 s before the `Keep-Alive: timeout` the instance announces), the first
 * connections preferred so surplus ones idle out. Requests go one at a time on a connection: no
 * pipelining, so a failure never involves two requests. An event stream, which stays open as long as a
 * phone listens, gets a connection of its own instead (streamClient): open streams never hold the pooled
 * connections the other requests wait for.
 */
const createConnections = (settings: Settings) => {
  const pools = new Map<string, Pool>();
  const streams = new Set<Client>();
  const connect = { timeout: settings.connectTimeoutMs };
  const poolOf = (origin: string): Pool => {
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: settings.maxSockets,
        pipelining: 1,
        keepAliveTimeout: settings.idleTimeoutMs,
        keepAliveMaxTimeout: settings.idleTimeoutMs,
        keepAliveTimeoutThreshold: 1_000,
        connect,
        factory: (url, options) => new UpstreamConnection(url, options as Client.Options),
      });
      pools.set(origin, pool);
    }
    return pool;
  };
  /** A connection for one event stream, closed with it: `Connection: close`, never pooled. */
  const streamClient = (origin: string): Client => {
    const client = new Client(origin, { pipelining: 0, connect });
    streams.add(client);
    return client;
  };
  const releaseStream = (client: Client) => {
    if (streams.delete(client)) client.destroy().catch(() => {});
  };
  return {
    poolOf,
    streamClient,
    releaseStream,
    /** Closes every connection: for shutdown, once no request is in flight. */
    destroy: () => {
      for (const pool of pools.values()) pool.destroy().catch(() => {});
      for (const client of streams) releaseStream(client);
    },
  };
};
type Connections = ReturnType<typeof createConnections>;

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;

/** undici's refusals of a request it cannot send (an invalid path or header): no instance is at fault. */
const isLocalRefusal = (err: unknown) => {
  const code = codeOf(err);
  return code === 'UND_ERR_INVALID_ARG' || code === 'UND_ERR_NOT_SUPPORTED';
};

/** The instance's header lines, less the hop-by-hop ones and those its Connection header names. */
const answerHeaderLines = (raw: readonly Buffer[]): string[] => {
  const lines: string[] = [];
  let connection: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1').toLowerCase();
    const value = raw[i + 1]!.toString('latin1');
    if (hopByHopHeaders.has(name)) {
      if (name === 'connection') connection = connection === undefined ? value : `${connection}, ${value}`;
      continue;
    }
    lines.push(name, value);
  }
  if (
    connection !== undefined &&
    connection.toLowerCase() !== 'keep-alive' &&
    connection.toLowerCase() !== 'close'
  ) {
    const named = connection
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token !== '');
    return withoutHeaders(lines, named);
  }
  return lines;
};

/**
 * Where an attempt is: waiting for a connection (a free pooled one, or a new one connecting: nothing was
 * sent); sent (the request is going out or went out: the instance may have it); answered (the answer's
 * head came and went to the client: from now on a failure can only cut the connection).
 */
type Phase = 'connecting' | 'sent' | 'answered';

/**
 * One try of one instance, as undici's dispatch handler. It reports to its call once: answered (the head
 * went to the client; the body follows as it comes), failed before any answer (classified for the retry
 * decision), or nothing when the client went away first.
 */
class Attempt implements Dispatcher.DispatchHandler {
  /** The pooled connection it was given (see UpstreamConnection); none for an event stream's. */
  connection: UpstreamConnection | undefined;
  private phase: Phase = 'connecting';
  private reused = false;
  private responseStarted = false;
  /** The call no longer listens: it failed over, answered the client itself, or the client went away. */
  private dropped = false;
  private abortRequest: ((err?: Error) => void) | undefined;
  private resumeAnswer: (() => void) | undefined;
  private readonly connectTimer: NodeJS.Timeout;

  constructor(
    private readonly call: Call,
    readonly instance: UpstreamInstance,
    connectTimeoutMs: number,
  ) {
    // Covers the wait for a free connection when the instance already has maxSockets open, and connecting.
    this.connectTimer = setTimeout(() => {
      this.fail(
        'connect',
        Object.assign(new Error(`no connection to the instance within ${connectTimeoutMs} ms`), {
          code: 'ETIMEDOUT',
        }),
      );
    }, connectTimeoutMs);
  }

  /** The client went away: stop, and close the connection if the request was sent on it. */
  cancel() {
    this.dropped = true;
    clearTimeout(this.connectTimer);
    this.abortRequest?.();
  }

  onConnect(abort: (err?: Error) => void) {
    // Dropped while it waited for a connection: throwing makes undici drop the request unsent, and keep
    // the connection for the next one.
    if (this.dropped) throw new Error('the request was given up before it was sent');
    clearTimeout(this.connectTimer);
    this.abortRequest = abort;
    this.phase = 'sent';
    const connection = this.connection;
    if (connection) this.reused = connection.requestsOnSocket++ > 0;
  }

  onResponseStarted() {
    this.responseStarted = true;
  }

  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    // An informational answer (103 Early Hints): the final one follows.
    if (status < 200 || this.dropped) return true;
    this.phase = 'answered';
    this.resumeAnswer = resume;
    const head: AnswerHead = {
      status,
      statusText: statusText || undefined,
      headers: answerHeaderLines(rawHeaders),
    };
    const { res } = this.call;
    try {
      this.call.complete(head);
      writeHead(res, head);
    } catch (err) {
      // A head Node refuses to write (an invalid header): the instance's answer cannot be passed on (502),
      // and its connection is closed.
      this.phase = 'sent';
      this.fail('response', err instanceof Error ? err : new Error(String(err)));
      this.abortRequest?.();
      return false;
    }
    if (isEventStreamType(headerValue(head, 'content-type'))) {
      // The headers go out now, and each event as it comes (nothing compresses it).
      res.flushHeaders();
    }
    this.call.answered(this);
    return true;
  }

  onData(chunk: Buffer): boolean {
    const { res } = this.call;
    if (res.destroyed) return true;
    if (res.write(chunk)) return true;
    // The client reads slower than the instance writes: pause the instance until the client drained.
    res.once('drain', () => this.resumeAnswer?.());
    return false;
  }

  onComplete() {
    this.call.finished(this);
    this.call.res.end();
  }

  onError(err: Error) {
    clearTimeout(this.connectTimer);
    try {
      this.failWith(err);
    } catch (unexpected) {
      // A handler must not throw to undici (it would raise an 'error' event no one listens to): the call
      // can only end with a cut connection then.
      this.call.crashed(unexpected);
    }
  }

  private failWith(err: Error) {
    if (this.phase === 'answered') {
      // Mid-answer (the instance died, or its body stalled past the timeout): the headers are out, so cut
      // the client connection rather than end a truncated body.
      this.call.finished(this);
      this.call.res.destroy();
      return;
    }
    if (this.phase === 'connecting' && isLocalRefusal(err)) {
      if (!this.dropped) this.call.refused(this, err);
      return;
    }
    const code = codeOf(err);
    const failure: AttemptFailure =
      code === 'UND_ERR_HEADERS_TIMEOUT'
        ? 'timeout'
        : this.phase === 'connecting'
          ? 'connect'
          : err.name === 'HTTPParserError' || code?.startsWith('HPE_') || this.responseStarted
            ? 'response'
            : 'reset';
    const reported =
      failure === 'timeout'
        ? Object.assign(new Error(`no answer within ${this.call.timeoutMs} ms`), {
            code: 'UPSTREAM_TIMEOUT',
          })
        : err;
    this.fail(failure, reported);
  }

  /** Reports a failure once; an attempt given up while it waits for a connection is never sent (onConnect). */
  private fail(failure: AttemptFailure, err: Error) {
    clearTimeout(this.connectTimer);
    if (this.dropped) return;
    this.dropped = true;
    this.call.failed(this, failure, err, this.reused);
  }
}

/**
 * One request being forwarded: the instances tried in turn, in the pool's order, until one answers, a
 * failure may not be retried (mayRetry), or the client goes away.
 */
class Call {
  private index = 0;
  private attempt: Attempt | undefined;
  /** No more tries or error answers: an answer started, an error was sent, or the client went away. */
  private settled = false;
  /** Nothing left to abort: the answer ended (complete or cut), or none will come. */
  private ended = false;
  private stream: Client | undefined;
  private readonly order: UpstreamInstance[];
  private readonly context: { upstream: Upstream; method: string; url: string; reqId: string | undefined };

  constructor(
    private readonly service: ServiceProxy,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly method: string,
    private readonly url: string,
    private readonly headers: string[],
    private readonly body: Buffer | null,
    private readonly options: ForwardOptions,
    private readonly release: () => void,
  ) {
    this.order = service.pool.attemptOrder();
    this.context = { upstream: service.name, method, url, reqId: options.requestId };
    res.on('close', this.onClientClose);
  }

  get timeoutMs() {
    return this.service.settings.timeoutMs;
  }

  /** The client's connection closed (or its answer was sent: then nothing is left to do). */
  private readonly onClientClose = () => {
    if (this.ended) return;
    const answering = this.settled;
    this.end();
    const attempt = this.attempt;
    if (!attempt) return;
    // Closes the connection to the instance if the request went out (an event stream's, mostly).
    attempt.cancel();
    if (!answering) {
      this.service.settings.logger.debug(
        { ...this.context, instance: attempt.instance.url, attempt: this.index + 1 },
        'client went away before the upstream answered',
      );
    }
  };

  /** Tries the instance at `index` in the order. */
  start() {
    const { settings, connections, pool } = this.service;
    const instance = this.order[this.index]!;
    settings.logger.debug(
      { ...this.context, instance: instance.url, attempt: this.index + 1, cooling: pool.isCooling(instance) },
      'proxy attempt',
    );
    const { origin, prefix } = targetOf(instance.url);
    const attempt = new Attempt(this, instance, settings.connectTimeoutMs);
    this.attempt = attempt;
    const query = this.url.indexOf('?');
    const stream =
      this.method === 'GET' &&
      isEventStreamRequest(this.method, query === -1 ? this.url : this.url.slice(0, query));
    this.stream = stream ? connections.streamClient(origin) : undefined;
    const dispatcher: Dispatcher = this.stream ?? connections.poolOf(origin);
    dispatcher.dispatch(
      {
        method: this.method as Dispatcher.HttpMethod,
        path: prefix ? `${prefix}${this.url}` : this.url,
        headers: this.headers,
        body: this.body,
        headersTimeout: settings.timeoutMs,
        bodyTimeout: stream ? settings.streamIdleTimeoutMs : settings.timeoutMs,
      },
      attempt,
    );
  }

  /** The answer's head as the client gets it: the lane's hooks, and the request id when the instance sent none. */
  complete(head: AnswerHead) {
    const { prepare, requestId } = this.options;
    if (!prepare) return;
    if (requestId !== undefined && !hasHeader(head, 'x-request-id'))
      head.headers.push('x-request-id', requestId);
    prepare(this.req, this.res, head);
  }

  /** The attempt's answer has started: the instance is healthy, and the body is no longer needed for a retry. */
  answered(attempt: Attempt) {
    if (attempt !== this.attempt) return;
    this.service.pool.markHealthy(attempt.instance);
    this.settle();
  }

  /** The attempt's answer ended (complete, or cut). */
  finished(attempt: Attempt) {
    if (attempt !== this.attempt) return;
    this.end();
  }

  /** undici refused to send the request (see isLocalRefusal): the error handler answers. */
  refused(attempt: Attempt, err: Error) {
    if (attempt !== this.attempt || this.settled) return;
    this.end();
    this.options.refuse(this.req, this.res, err);
  }

  failed(attempt: Attempt, failure: AttemptFailure, err: Error, reused: boolean) {
    if (attempt !== this.attempt || this.settled) return;
    this.releaseStream();
    const { pool, settings, name } = this.service;
    const { instance } = attempt;
    const context = { ...this.context, instance: instance.url, attempt: this.index + 1 };
    // A reset on a reused keep-alive socket is most likely the idle-close race, not a sign the instance is
    // down: no cool-down (a new connection that fails does cool it down).
    if (coolsDown(failure) && !(failure === 'reset' && reused)) pool.markFailed(instance);
    const nextInstance = this.order[this.index + 1];
    if (nextInstance && mayRetry(this.method, failure)) {
      settings.logger.warn(
        { ...context, err, failure, reused, next: nextInstance.url },
        'upstream attempt failed; failing over to the next instance',
      );
      this.index += 1;
      this.start();
      return;
    }
    const exhausted = !nextInstance && mayRetry(this.method, failure);
    settings.logger.warn(
      { ...context, err, failure, reused, timeout: failure === 'timeout', exhausted },
      exhausted
        ? 'upstream request failed on every instance'
        : 'upstream request failed; not retried (it may have reached the instance)',
    );
    this.end();
    sendError(
      this,
      failure === 'timeout'
        ? new HttpError(504, 'upstream_timeout', `The ${name} service did not answer in time`)
        : new HttpError(502, 'upstream_unavailable', `The ${name} service is unavailable`),
    );
  }

  /** Something failed that should not have (see Attempt.onError): logged, and the client connection cut. */
  crashed(err: unknown) {
    this.end();
    this.service.settings.logger.error({ ...this.context, err }, 'proxying failed unexpectedly');
    this.res.destroy();
  }

  private settle() {
    if (this.settled) return;
    this.settled = true;
    this.release();
  }

  private end() {
    this.settle();
    this.ended = true;
    this.releaseStream();
  }

  private releaseStream() {
    if (this.stream) this.service.connections.releaseStream(this.stream);
  }
}

type ServiceProxy = {
  name: Upstream;
  pool: UpstreamPool;
  settings: Settings;
  connections: Connections;
};

const noRelease = () => {};

export type ApiProxy = RequestHandler & {
  /**
   * Forwards a request already routed to `upstream` (the API lane's entry), whose head the lane read: its
   * body read when it declares one, then the instances tried in turn. A body it refuses goes to
   * `options.refuse`; `options.prepare` sees each answer's head first.
   */
  forward: (
    req: IncomingMessage,
    res: ServerResponse,
    upstream: Upstream,
    head: RequestHead,
    options: ForwardOptions,
  ) => void;
  /** Closes the pooled upstream connections (shutdown, after the in-flight requests finished). */
  closeConnections: () => void;
};

/**
 * Everything under /api: forwarded unchanged (the /api prefix kept) to the service that owns the path,
 * round-robin over its instances, skipping one whose connection recently failed; a failed connection is
 * retried on the next instance when that cannot cause a double write (see mayRetry). An unknown /api path
 * is a 404 with the error shape; a body over the cap a 413, one the bodies in flight leave no room for a 503;
 * no instance answering a 502, a slow one a 504.
 * Connections to the instances are kept alive and pooled (undici; see createConnections), and each answer
 * is passed on as it comes: its head written at once, its body chunk by chunk.
 */
export const createApiProxy = (options: ProxyOptions): ApiProxy => {
  const now = options.now ?? Date.now;
  const cooldownMs = options.cooldownMs ?? defaultUpstreamCooldownMs;
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxRequestBodyBytes;
  // Bodies are buffered whole so that a request can be sent again to another instance (see mayRetry).
  const bodyBudget = createBodyBudget(options.maxBufferedBodyBytes ?? defaultMaxBufferedBodyBytes);
  const settings: Settings = {
    timeoutMs: options.timeoutMs,
    streamIdleTimeoutMs: options.streamIdleTimeoutMs ?? defaultStreamIdleTimeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? Math.min(defaultConnectTimeoutMs, options.timeoutMs),
    maxSockets: options.maxSockets ?? defaultUpstreamMaxSockets,
    idleTimeoutMs: options.idleTimeoutMs ?? defaultUpstreamIdleTimeoutMs,
    logger: options.logger,
  };
  const connections = createConnections(settings);
  const services = Object.fromEntries(
    upstreamNames.map((name): [Upstream, ServiceProxy] => [
      name,
      {
        name,
        pool: createUpstreamPool({ urls: upstreamUrls(options.upstreams[name]), cooldownMs, now }),
        settings,
        connections,
      },
    ]),
  ) as Record<Upstream, ServiceProxy>;

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    upstream: Upstream,
    head: RequestHead,
    forwardOptions: ForwardOptions,
    buffered: BufferedBody | undefined,
  ) => {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const body = buffered && buffered.body.length > 0 ? buffered.body : null;
    const call = new Call(
      services[upstream],
      req,
      res,
      req.method ?? 'GET',
      url,
      forwardedHeaderLines(req, head, forwardOptions.requestId),
      body,
      forwardOptions,
      buffered?.release ?? noRelease,
    );
    call.start();
  };

  const forward: ApiProxy['forward'] = (req, res, upstream, head, forwardOptions) => {
    // No Content-Length and no Transfer-Encoding: no body (RFC 9112 section 6.3), nothing to wait for.
    if (!declaresBody(head)) {
      send(req, res, upstream, head, forwardOptions, undefined);
      return;
    }
    readRequestBody(req, maxBodyBytes, bodyBudget).then(
      (buffered) => {
        try {
          send(req, res, upstream, head, forwardOptions, buffered);
        } catch (err) {
          buffered.release();
          forwardOptions.refuse(req, res, err);
        }
      },
      (err: unknown) => {
        if (err instanceof HttpError) forwardOptions.refuse(req, res, err);
        else options.logger.debug({ err, url: req.url }, 'client went away while sending the body');
      },
    );
  };

  const handler: RequestHandler = (req, res, next) => {
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
    const requestId = res.getHeader('x-request-id');
    forward(req, res, upstream, readRequestHead(req), {
      requestId: typeof requestId === 'string' ? requestId : undefined,
      refuse: (_req, _res, error) => next(error),
    });
  };
  return Object.assign(handler, { forward, closeConnections: connections.destroy });
};
