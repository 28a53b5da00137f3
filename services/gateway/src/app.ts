import {
  createHttpLogger,
  createProbeRouter,
  errorHandler,
  notFoundHandler,
  parseTrustProxy,
  type Logger,
} from '@pitclock/kit';
import express, { type Express } from 'express';
import { cspDirectives } from './domain/csp';
import { isEventStreamType, upstreamNames, type Upstream } from './domain/routing';
import { createApiDocs } from './entry-points/http/api-docs';
import { installApiLane } from './entry-points/http/api-lane';
import { createCompression } from './entry-points/http/compression';
import { createApiProxy, upstreamUrls } from './entry-points/http/proxy';
import { createRequestLog } from './entry-points/http/request-log';
import { createSecurityHeaders } from './entry-points/http/security-headers';
import { remotesNotFound, spaFallback, staticFiles } from './entry-points/http/static';

export type GatewayOptions = {
  /** Dist folders of the built front ends. */
  staticRoots: { shell: string; cookApp: string; adminConsole: string };
  /** Each service's base URL, or the base URLs of its instances (round-robin with failover). */
  upstreams: Record<Upstream, string | readonly string[]>;
  weatherHosts: readonly string[];
  backupHosts: readonly string[];
  logger: Logger;
  proxyTimeoutMs?: number;
  /** An event stream with no byte from the instance for this long is cut (default 120 s). */
  streamIdleTimeoutMs?: number;
  /** How long an instance whose connection failed is skipped (default 2 s). */
  upstreamCooldownMs?: number;
  /** Connecting to an instance longer than this counts as down (default min(5 s, proxyTimeoutMs)). */
  upstreamConnectTimeoutMs?: number;
  /** Keep-alive connections per instance (default 64). */
  upstreamMaxSockets?: number;
  /** Idle keep-alive connections to the instances are closed after this long (default 4 s). */
  upstreamIdleTimeoutMs?: number;
  /** Request bodies above this are answered 413 (default 1 MiB). */
  maxRequestBodyBytes?: number;
  /** What the request bodies in flight may hold together; beyond it 503 with Retry-After (default 32 MiB). */
  maxBufferedBodyBytes?: number;
  /** The clock of the instances' cool-down. */
  now?: () => number;
  /** Per-upstream /healthz timeout of GET /readyz. */
  readinessTimeoutMs?: number;
  trustProxy?: string | number | boolean;
};

const instanceHealthy = async (baseUrl: string, timeoutMs: number) => {
  const res = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${baseUrl}/healthz answered ${res.status}`);
};

/** Ready when at least one instance of the service answers /healthz. */
const upstreamHealthy = (baseUrls: readonly string[], timeoutMs: number) => async () => {
  try {
    await Promise.any(baseUrls.map((baseUrl) => instanceHealthy(baseUrl, timeoutMs)));
  } catch (err) {
    const reasons = err instanceof AggregateError ? err.errors : [err];
    const messages = reasons.map((reason) => (reason instanceof Error ? reason.message : String(reason)));
    throw new Error(`no instance answered /healthz: ${messages.join('; ')}`, { cause: err });
  }
};

/**
 * The one origin: the shell at /, the remotes under /remotes/<name>/, /api/* proxied to the services
 * by path; compression (event streams excepted), security headers and a Content-Security-Policy on
 * everything.
 */
export type Gateway = Express & {
  /** Closes the keep-alive connections to the upstream instances: on shutdown, after the server stopped. */
  closeUpstreams: () => void;
};

export const createGateway = (options: GatewayOptions): Gateway => {
  const { staticRoots, upstreams, logger, readinessTimeoutMs = 2_000 } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(options.trustProxy ?? 'loopback'));
  const securityHeaders = createSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({ weatherHosts: options.weatherHosts, backupHosts: options.backupHosts }),
    },
  });
  // An event stream is never compressed: gzip would hold each event back until its buffer filled.
  // Nor is a 206: its Content-Range counts the plain bytes (expressjs/compression#185).
  const compress = createCompression(
    (status, contentType) => status !== 206 && !isEventStreamType(contentType),
  );
  const apiProxy = createApiProxy({
    upstreams,
    timeoutMs: options.proxyTimeoutMs ?? 30_000,
    streamIdleTimeoutMs: options.streamIdleTimeoutMs,
    connectTimeoutMs: options.upstreamConnectTimeoutMs,
    cooldownMs: options.upstreamCooldownMs,
    maxSockets: options.upstreamMaxSockets,
    idleTimeoutMs: options.upstreamIdleTimeoutMs,
    maxBodyBytes: options.maxRequestBodyBytes,
    maxBufferedBodyBytes: options.maxBufferedBodyBytes,
    now: options.now,
    logger,
  });
  // Calls to the services skip express: what the middleware below does, then the proxy.
  const apiLane = installApiLane(app, {
    proxy: apiProxy,
    onRequest: createRequestLog(logger),
    prepareAnswer: (req, res, head) => {
      securityHeaders.complete(head);
      compress.prepare(req, res, head);
    },
  });
  app.use(securityHeaders.middleware);
  app.use(compress.middleware);
  app.use(apiLane.raiseHandedBack);
  app.use(createHttpLogger(logger));

  app.use(
    createProbeRouter({
      logger,
      readinessTimeoutMs,
      readiness: Object.fromEntries(
        upstreamNames.map((name) => [
          name,
          upstreamHealthy(upstreamUrls(upstreams[name]), readinessTimeoutMs),
        ]),
      ),
    }),
  );
  // The API reference is the gateway's own: before the proxy, which would answer 404 for its paths.
  app.use(createApiDocs());
  app.use(apiProxy);

  app.use('/remotes/cook-app', staticFiles(staticRoots.cookApp));
  app.use('/remotes/admin-console', staticFiles(staticRoots.adminConsole));
  app.use('/remotes', remotesNotFound);
  app.use(staticFiles(staticRoots.shell));
  app.use(spaFallback(staticRoots.shell));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return Object.assign(app, { closeUpstreams: apiProxy.closeConnections });
};
