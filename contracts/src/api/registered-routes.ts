// For the route tests of the services and the gateway: the routes an Express 5 app really registers,
// read from its router stack, in the same 'METHOD /path' form as the operation registry's, so that a test
// can require the two lists to be equal. Typed structurally: contracts does not depend on Express.
import type { Operation } from './operations';

type Layer = {
  route?: { path: string | readonly string[]; methods: Record<string, boolean | undefined> };
  /** A mounted router's own layers. */
  handle?: { stack?: readonly Layer[] };
  /** The path a router was mounted at (`router.use(path, router)`); '/' when none. */
  rawPath?: unknown;
};

/** An Express 5 app (its router is created on first use). Its layers' fields are not in Express's types. */
export type ExpressAppLike = { router: { stack: readonly object[] } };

/** A path below a mount point: '/' is the mount point itself. */
const below = (prefix: string, path: string) => (path === '/' ? prefix : `${prefix}${path}`);

const routesIn = (stack: readonly Layer[], prefix: string): string[] =>
  stack.flatMap((layer) => {
    if (layer.route) {
      const paths = typeof layer.route.path === 'string' ? [layer.route.path] : layer.route.path;
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
      return paths.flatMap((path) =>
        methods.map((method) => `${method.toUpperCase()} ${below(prefix, path) || '/'}`),
      );
    }
    if (!layer.handle?.stack) return [];
    const mountedAt = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
    return routesIn(layer.handle.stack, below(prefix, mountedAt));
  });

/** Every route of the app as 'METHOD /path' (Express form), sorted. Middleware is not a route. */
export const registeredRoutes = (app: ExpressAppLike): string[] =>
  routesIn(app.router.stack as readonly Layer[], '').sort();

/** The registry's operations in the same form, sorted. */
export const declaredRoutes = (operations: readonly Operation[]): string[] =>
  operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
