import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';
import { hasDotSegment, upstreamFor, type Upstream } from '../../domain/routing';
import { isApiDocsPath } from './api-docs';
import type { ApiProxy, PrepareAnswer, Refuse } from './proxy';

/** What the lane does to each request it takes, before forwarding it (the request line and id). */
export type LaneStep = (req: IncomingMessage, res: ServerResponse) => void;

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
 * itself. The lane does what that stack did for them, each step as cheap as it gets: `onRequest` (the
 * request line and id), then the proxy, which hands each answer to `prepareAnswer` once its status and
 * headers are known (security headers, compression). A request the proxy refuses or that fails goes back
 * to express with its error (raiseHandedBack), whose middleware then answers it as before. Installed in
 * front of express's own dispatch (app.handle), so app.listen, kit's serve and supertest all use it.
 */
export const installApiLane = (
  app: Express,
  { proxy, onRequest, prepareAnswer }: { proxy: ApiProxy; onRequest: LaneStep; prepareAnswer: PrepareAnswer },
): ApiLane => {
  const dispatcher = app as unknown as { handle: Dispatch };
  const throughExpress = dispatcher.handle.bind(app);
  const handedBack = new WeakMap<IncomingMessage, { error: unknown }>();
  const handBack: Refuse = (req, res, error) => {
    handedBack.set(req, { error });
    throughExpress(req, res);
  };
  const forward = (req: IncomingMessage, res: ServerResponse, upstream: Upstream) => {
    proxy
      .forward(req, res, upstream, handBack, prepareAnswer)
      .catch((error: unknown) => handBack(req, res, error));
  };
  dispatcher.handle = (req, res, next) => {
    const upstream = laneUpstream(req.url);
    if (upstream === undefined) {
      throughExpress(req, res, next);
      return;
    }
    onRequest(req, res);
    forward(req, res, upstream);
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
