import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, badRequest, notFound, type Logger } from '@pitclock/kit';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { hasDotSegment, isApiPath, upstreamFor, type Upstream } from '../../domain/routing';

export type ProxyOptions = { upstreams: Record<Upstream, string>; timeoutMs: number; logger: Logger };

const sendError = (res: ServerResponse | Socket, error: HttpError) => {
  if (!('writeHead' in res)) {
    res.destroy();
    return;
  }
  if (res.headersSent) {
    // The upstream had started answering: the only honest signal left is a cut connection.
    res.destroy();
    return;
  }
  const body = JSON.stringify(error.toBody());
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
};

const createUpstreamProxy = (
  name: Upstream,
  target: string,
  { timeoutMs, logger }: ProxyOptions,
): RequestHandler => {
  const timedOut = new WeakSet<IncomingMessage>();
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    xfwd: true,
    proxyTimeout: timeoutMs,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.once('timeout', () => timedOut.add(req));
      },
      error: (err, req, res) => {
        const timeout = timedOut.has(req);
        logger.warn({ err, upstream: name, url: req.url, timeout }, 'upstream request failed');
        sendError(
          res,
          timeout
            ? new HttpError(504, 'upstream_timeout', `The ${name} service did not answer in time`)
            : new HttpError(502, 'upstream_unavailable', `The ${name} service is unavailable`),
        );
      },
    },
  }) as RequestHandler;
};

/**
 * Everything under /api: forwarded unchanged (the /api prefix kept) to the service that owns the path;
 * an unknown /api path is a 404 with the error shape; a dead or slow upstream a 502/504 with it.
 */
export const createApiProxy = (options: ProxyOptions): RequestHandler => {
  const proxies: Record<Upstream, RequestHandler> = {
    auth: createUpstreamProxy('auth', options.upstreams.auth, options),
    licensing: createUpstreamProxy('licensing', options.upstreams.licensing, options),
    notifier: createUpstreamProxy('notifier', options.upstreams.notifier, options),
  };
  return (req, res, next) => {
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
    void proxies[upstream](req, res, next);
  };
};
