import { OPERATIONS } from '@pitclock/contracts/api-operations';
import { PATH_OWNERS, type PathOwner } from '@pitclock/contracts/api-paths';

/** The services behind the gateway, each with its own instances (AUTH_URL, LICENSING_URL, ...). */
export const upstreamNames = ['auth', 'licensing', 'notifier', 'sync'] as const;
export type Upstream = (typeof upstreamNames)[number];

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The service the gateway sends a declared path to. Every service answers kit's /api/version; through the
 * gateway, auth does. The gateway's own paths (the API reference) are answered before the proxy.
 */
const upstreamOf = (owner: PathOwner): Upstream | undefined => {
  if (owner === 'kit') return 'auth';
  if (owner === 'gateway') return undefined;
  return owner;
};

const segmentsOf = (path: string) => path.split('/').slice(1);
const isParam = (segment: string) => segment.startsWith(':');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `a` matches every path `b` matches: as long or shorter, each segment a parameter or the same. */
const covers = (a: readonly string[], b: readonly string[]) =>
  a.length <= b.length && a.every((segment, index) => isParam(segment) || segment === b[index]);

type Declared = { path: string; upstream: Upstream; segments: readonly string[] };

/** Longer paths first, then fewer parameters (the more specific of two paths that both match wins). */
const bySpecificity = (a: Declared, b: Declared) =>
  b.segments.length - a.segments.length ||
  a.segments.filter(isParam).length - b.segments.filter(isParam).length ||
  a.upstream.localeCompare(b.upstream) ||
  a.path.localeCompare(b.path);

export type Route = {
  upstream: Upstream;
  /** The declared path (contracts' API_PATHS) this entry routes, with everything below it. */
  path: string;
  /** The path or anything below it; a parameter is one non-empty segment (the regex nginx's config uses). */
  pattern: RegExp;
  matches: (path: string) => boolean;
};

/** The regex body of a declared path: a parameter is one non-empty segment. */
const patternBody = (segments: readonly string[]) =>
  segments.map((segment) => (isParam(segment) ? '[^/]+' : escapeRegExp(segment))).join('/');

const routeOf = ({ path, upstream, segments }: Declared): Route => {
  const body = patternBody(segments);
  const pattern = new RegExp(`^/${body}(/|$)`);
  return { upstream, path, pattern, matches: (requested) => pattern.test(requested) };
};

/**
 * Which service answers an /api path, derived from the paths declared in contracts (api/paths.ts): the
 * service of the most specific declared path that the path is, or is below (an unknown sub-path of a
 * known resource goes to the service owning that resource, which answers 404 itself). A path below no
 * declared path is the gateway's own 404. A declared path whose nearest enclosing declared path goes to
 * the same service needs no entry of its own. First match wins.
 */
export const routeTable: readonly Route[] = (() => {
  const declared = PATH_OWNERS.flatMap(({ path, owner }): Declared[] => {
    const upstream = upstreamOf(owner);
    return upstream && isApiPath(path) ? [{ path, upstream, segments: segmentsOf(path) }] : [];
  }).sort(bySpecificity);
  const enclosing = (entry: Declared) =>
    declared.find((other) => other !== entry && covers(other.segments, entry.segments));
  return declared.filter((entry) => enclosing(entry)?.upstream !== entry.upstream).map(routeOf);
})();

/** A '.' or '..' segment, plain or percent-encoded: never forwarded. */
export const hasDotSegment = (path: string) =>
  path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));

export const upstreamFor = (path: string): Upstream | undefined =>
  routeTable.find((route) => route.matches(path))?.upstream;

export const eventStreamContentType = 'text/event-stream';

/** Rules out, without building a string, the types that cannot be (JSON, mostly: asked for every answer). */
const mentionsEventStream = /event-stream/i;

/** A Content-Type header that is a server-sent-events stream (text/event-stream, any parameters). */
export const isEventStreamType = (contentType: unknown): boolean =>
  typeof contentType === 'string' &&
  mentionsEventStream.test(contentType) &&
  contentType.split(';')[0]!.trim().toLowerCase() === eventStreamContentType;

/**
 * The GET paths whose answer is an event stream (an operation in contracts answering text/event-stream):
 * a response that stays open while the client listens, which the gateway proxies on connections of its
 * own (never the keep-alive pool), unbuffered and uncompressed.
 */
export const eventStreamPaths: readonly string[] = OPERATIONS.filter(
  (op) =>
    op.method === 'get' && Object.values(op.answers).some((answer) => isEventStreamType(answer.contentType)),
).map((op) => op.path);

const eventStreamPatterns = eventStreamPaths.map(
  (path) => new RegExp(`^/${patternBody(segmentsOf(path))}/?$`),
);

/** A request for an event stream: GET of a declared event-stream path (exactly, not below it). */
export const isEventStreamRequest = (method: string | undefined, path: string): boolean =>
  method?.toUpperCase() === 'GET' && eventStreamPatterns.some((pattern) => pattern.test(path));
