import {
  createHttpLogger,
  createProbeRouter,
  errorHandler,
  notFoundHandler,
  parseTrustProxy,
  type Logger,
} from '@pitclock/kit';
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { cspDirectives } from './domain/csp';
import type { Upstream } from './domain/routing';
import { createApiProxy } from './entry-points/http/proxy';
import { remotesNotFound, spaFallback, staticFiles } from './entry-points/http/static';

export type GatewayOptions = {
  /** Dist folders of the built front ends. */
  staticRoots: { shell: string; cookApp: string; adminConsole: string };
  upstreams: Record<Upstream, string>;
  weatherHosts: readonly string[];
  backupHosts: readonly string[];
  logger: Logger;
  proxyTimeoutMs?: number;
  /** Per-upstream /healthz timeout of GET /readyz. */
  readinessTimeoutMs?: number;
  trustProxy?: string | number | boolean;
};

const upstreamHealthy = (baseUrl: string, timeoutMs: number) => async () => {
  const res = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`healthz answered ${res.status}`);
};

/**
 * The one origin: the shell at /, the remotes under /remotes/<name>/, /api/* proxied to the services
 * by path; compression, security headers and a Content-Security-Policy on everything.
 */
export const createGateway = (options: GatewayOptions): Express => {
  const { staticRoots, upstreams, logger, readinessTimeoutMs = 2_000 } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(options.trustProxy ?? 'loopback'));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: cspDirectives({ weatherHosts: options.weatherHosts, backupHosts: options.backupHosts }),
      },
    }),
  );
  app.use(compression());
  app.use(createHttpLogger(logger));

  app.use(
    createProbeRouter({
      logger,
      readinessTimeoutMs,
      readiness: {
        auth: upstreamHealthy(upstreams.auth, readinessTimeoutMs),
        licensing: upstreamHealthy(upstreams.licensing, readinessTimeoutMs),
        notifier: upstreamHealthy(upstreams.notifier, readinessTimeoutMs),
      },
    }),
  );
  app.use(createApiProxy({ upstreams, timeoutMs: options.proxyTimeoutMs ?? 30_000, logger }));

  app.use('/remotes/cook-app', staticFiles(staticRoots.cookApp));
  app.use('/remotes/admin-console', staticFiles(staticRoots.adminConsole));
  app.use('/remotes', remotesNotFound);
  app.use(staticFiles(staticRoots.shell));
  app.use(spaFallback(staticRoots.shell));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
};
