import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';
import { hasDotSegment, upstreamFor, type Upstream } from '../../domain/routing';
import { isApiDocsPath } from './api-docs';
import type { ApiProxy, PrepareAnswer, Refuse } from './proxy';
import { readRequestHead } from './request-head';
import { requestIdFrom } from './request-log';

/** What the lane does to each request it takes, before forwarding it, with its request id (the request line). */
export type LaneStep = (req: IncomingMessage, res: ServerResponse, requestId: string) => void;

/** The routes of the paths seen lately (null: not the lane's), so that a repeated path is matched once. */
const routes = new Map<string, Upstream | null>();
const maxRoutesKept = 4096;

/**
 * The service a request goes to through the lane: an /api path in origin form ('/api/me?x=1') that a
 * service owns, with no dot segment, and not the API reference's. Anything else (undefined) is express's:
 * the reference, the gateway's 400 and 404 answers, the front ends, the probes.
 */
export const laneUpstream = (url: string | undefined): Upstream | undefined => {
  if (url === undefined || !url.startsWith('/api/')) return undefined;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  let route = routes.get(path);
  if (route === undefined) {
    route = isApiDocsPath(path) || hasDotSegment(path) ? null : (upstreamFor(path) ?? null);
    if (routes.size >= maxRoutesKept) routes.clear();
    routes.set(path, route);
  }
  return route ?? undefined;
};

type Dispatch = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export type ApiLane = {
  /**
   * A middleware of the express app, after the security headers and compression and before the request
   * log (the lane's line covers the request): raises the error of a request the lane handed back (a body
   * refused with 413 or 503, an unexpected failure), so that the error handler answers it as any other.
   */
  raiseHandedBack: RequestHandler;
};

/**
 * The API lane: requests to the services are forwarded before express sees them. Express decorates
 * every request (it swaps the prototypes of req and res, which sends V8's property access down its slow
 * paths) and runs each middleware of its stack; for a proxied call that cost more CPU than the proxying
 * itself. The lane does what that stack did for them, each step as cheap as it gets: it reads the
 * request's header lines once (readRequestHead), takes its request id (the client's X-Request-Id when
 * sane, else a new UUID), runs `onRequest` (the request line), then the proxy, which hands each answer's
 * head to `prepareAnswer` before writing it (security headers, compression) and puts the request id on
 * it. A request the proxy refuses or that fails goes back to express with its error and its request id
 * (raiseHandedBack), whose middleware then answers it as before. Installed in front of express's own
 * dispatch (app.handle), so app.listen, kit's serve and supertest all use it.
 */
export const installApiLane = (
  app: Express,
  { proxy, onRequest, prepareAnswer }: { proxy: ApiProxy; onRequest: LaneStep; prepareAnswer: PrepareAnswer },
): ApiLane => {
  const dispatcher = app as unknown as { handle: Dispatch };
  const throughExpress = dispatcher.handle.bind(app);
  const handedBack = new WeakMap<IncomingMessage, { error: unknown }>();
  const handBackWith =
    (requestId: string): Refuse =>
    (req, res, error) => {
      handedBack.set(req, { error });
      if (!res.headersSent) res.setHeader('x-request-id', requestId);
      throughExpress(req, res);
    };
  dispatcher.handle = (req, res, next) => {
    const upstream = laneUpstream(req.url);
    if (upstream === undefined) {
      throughExpress(req, res, next);
      return;
    }
    const head = readRequestHead(req);
    const requestId = requestIdFrom(head.requestId);
    const refuse = handBackWith(requestId);
    try {
      onRequest(req, res, requestId);
      proxy.forward(req, res, upstream, head, { requestId, refuse, prepare: prepareAnswer });
    } catch (error) {
      refuse(req, res, error);
    }
  };
  return {
    raiseHandedBack: (req, _res, next) => {
      const handed = handedBack.get(req);
      if (handed === undefined) {
        next();
        return;
      }
      handedBack.delete(req);
      next(handed.error ?? new Error('the API lane failed without an error'));
    },
  };
};
