import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export { Registry } from 'prom-client';

export const httpDurationMetricName = 'http_request_duration_seconds';

/** A registry of its own per process (or per test app) with prom-client's default metrics. */
export const createMetricsRegistry = ({ service }: { service: string }): Registry => {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
};

const routeLabel = (req: Request): string => {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  // Only matched route patterns become labels (bounded cardinality); everything else is one bucket.
  return route && typeof route.path === 'string' ? `${req.baseUrl}${route.path}` : 'unmatched';
};

/** Observes every response in an http_request_duration_seconds histogram labelled by method, route and status. */
export const httpMetrics = (registry: Registry): RequestHandler => {
  const existing = registry.getSingleMetric(httpDurationMetricName);
  const histogram =
    existing instanceof Histogram
      ? (existing as Histogram<'method' | 'route' | 'status'>)
      : new Histogram({
          name: httpDurationMetricName,
          help: 'Duration of HTTP requests in seconds, by method, route and status',
          labelNames: ['method', 'route', 'status'] as const,
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
          registers: [registry],
        });
  return (req, res, next) => {
    const end = histogram.startTimer();
    res.once('finish', () => {
      end({ method: req.method, route: routeLabel(req), status: String(res.statusCode) });
    });
    next();
  };
};
