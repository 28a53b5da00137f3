import { API_PATHS } from '@pitclock/contracts/api-paths';
import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { errorHandler, jsonBody, notFoundHandler, rejectNulCharacters } from './http/handlers';
import { createHttpLogger } from './logger';
import { createMetricsRegistry, httpMetrics } from './metrics';
import type { VersionInfo } from './version';

export type ReadinessCheck = () => Promise<void>;
export type {
  CheckStatus,
  HealthResponse as HealthBody,
  ReadyResponse as ReadyBody,
  VersionResponse as VersionBody,
} from '@pitclock/contracts/schemas';
import type {
  CheckStatus,
  HealthResponse,
  ReadyResponse,
  VersionResponse,
} from '@pitclock/contracts/schemas';

export type ServiceAppOptions = {
  name: string;
  version: VersionInfo;
  logger: Logger;
  /** Named checks for GET /readyz; each must resolve within readinessTimeoutMs. */
  readiness?: Record<string, ReadinessCheck>;
  readinessTimeoutMs?: number;
  /** A registry of its own (createMetricsRegistry); one is created when omitted. */
  metrics?: Registry;
  routers?: Router[];
  jsonLimit?: string | number;
  /** Express "trust proxy" setting (the gateway is the proxy). */
  trustProxy?: string | number | boolean;
};

const withTimeout = (check: ReadinessCheck, ms: number): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    Promise.resolve()
      .then(check)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });

export const parseTrustProxy = (value: string | number | boolean): string | number | boolean => {
  if (typeof value !== 'string') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
};

export type ProbeOptions = Pick<ServiceAppOptions, 'logger' | 'readiness' | 'readinessTimeoutMs'>;

/**
 * GET /healthz (the process answers) and GET /readyz (every named check passed within the timeout:
 * 200 {status:'ok', checks}, else 503 {status:'unavailable', checks} and the failure logged).
 */
export const createProbeRouter = ({
  logger,
  readiness = {},
  readinessTimeoutMs = 2_000,
}: ProbeOptions): Router => {
  const router = Router();
  router.get(API_PATHS.healthz, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' } satisfies HealthResponse);
  });
  router.get(API_PATHS.readyz, async (_req, res) => {
    const names = Object.keys(readiness);
    const results = await Promise.allSettled(
      names.map((check) => withTimeout(readiness[check]!, readinessTimeoutMs)),
    );
    const checks: Record<string, CheckStatus> = {};
    results.forEach((result, index) => {
      const check = names[index]!;
      checks[check] = result.status === 'fulfilled' ? 'ok' : 'fail';
      if (result.status === 'rejected') logger.warn({ check, err: result.reason }, 'readiness check failed');
    });
    const ok = results.every((result) => result.status === 'fulfilled');
    const body: ReadyResponse = { status: ok ? 'ok' : 'unavailable', checks };
    res
      .set('Cache-Control', 'no-store')
      .status(ok ? 200 : 503)
      .json(body);
  });
  return router;
};

/**
 * The express app of a service: security headers, request log, metrics, probes, version, JSON body,
 * refusal of NUL characters, then the service's routers, then 404 and the error handler. Builds nothing at import time.
 */
export const createServiceApp = (options: ServiceAppOptions): Express => {
  const { name, version, logger, readiness = {}, readinessTimeoutMs = 2_000, routers = [] } = options;
  const registry = options.metrics ?? createMetricsRegistry({ service: name });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(options.trustProxy ?? 'loopback'));
  app.use(helmet());
  app.use(createHttpLogger(logger));
  app.use(httpMetrics(registry));

  app.use(createProbeRouter({ logger, readiness, readinessTimeoutMs }));

  app.get(API_PATHS.metrics, async (_req, res) => {
    res.set('Content-Type', registry.contentType).send(await registry.metrics());
  });

  app.get(API_PATHS.version, (_req, res) => {
    const body: VersionResponse = { service: name, version: version.version };
    if (version.commit) body.commit = version.commit;
    res.set('Cache-Control', 'no-store').json(body);
  });

  app.use(jsonBody({ limit: options.jsonLimit }));
  app.use(rejectNulCharacters);
  for (const router of routers) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
};
