export type Upstream = 'auth' | 'licensing' | 'notifier';

/** A path equal to `base` or below it (`base/...`). */
const under = (base: string) => (path: string) => path === base || path.startsWith(`${base}/`);
/** A path starting with `base` (`/api/users`, `/api/users/7`, `/api/users-export`): the `*` of `/api/users*`. */
const startsWith = (base: string) => (path: string) => path.startsWith(base);
/** Strictly below `base` (`/api/auth/refresh`, not `/api/auth`): the `/*` of `/api/auth/*`. */
const below = (base: string) => (path: string) => path.startsWith(`${base}/`);

/** `/api/users/{id}/licenses*` and `/api/users/{id}/credits` (and below): a user's licences live in licensing. */
const userLicensing = /^\/api\/users\/[^/]+\/(licenses|credits(\/|$))/;

/** Which service answers an /api path (ARCHITECTURE.md and the issue's table). First match wins. */
export const routeTable: readonly { upstream: Upstream; matches: (path: string) => boolean }[] = [
  { upstream: 'auth', matches: under('/api/login') },
  { upstream: 'auth', matches: below('/api/auth') },
  { upstream: 'auth', matches: under('/api/me') },
  // Before the auth /api/users* rule: the per-user licence and credit calls belong to licensing.
  { upstream: 'licensing', matches: (path) => userLicensing.test(path) },
  { upstream: 'auth', matches: startsWith('/api/users') },
  { upstream: 'auth', matches: under('/api/admin/signup-events') },
  { upstream: 'auth', matches: under('/api/version') },
  { upstream: 'licensing', matches: startsWith('/api/promo-codes') },
  { upstream: 'licensing', matches: startsWith('/api/licenses') },
  { upstream: 'licensing', matches: below('/api/license') },
  { upstream: 'notifier', matches: below('/api/push') },
];

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A '.' or '..' segment, plain or percent-encoded: never forwarded. */
export const hasDotSegment = (path: string) =>
  path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));

export const upstreamFor = (path: string): Upstream | undefined =>
  routeTable.find((route) => route.matches(path))?.upstream;
