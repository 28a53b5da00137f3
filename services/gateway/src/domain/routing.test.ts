import { describe, expect, it } from 'vitest';
import { API_PATHS, PATH_OWNERS, apiPath } from '@pitclock/contracts/api-paths';
import {
  eventStreamPaths,
  hasDotSegment,
  isEventStreamRequest,
  isEventStreamType,
  routeTable,
  upstreamFor,
} from './routing';

describe('upstreamFor', () => {
  it.each([
    ['/api/login', 'auth'],
    ['/api/auth/register', 'auth'],
    ['/api/me', 'auth'],
    ['/api/users', 'auth'],
    ['/api/users/3', 'auth'],
    ['/api/users/3/toggle-admin', 'auth'],
    ['/api/users/3/credits', 'licensing'],
    ['/api/users/3/credits/', 'licensing'],
    ['/api/users/3/licenses', 'licensing'],
    ['/api/users/3/licenses/9/revoke', 'licensing'],
    ['/api/users/3/licenses/9/restore', 'licensing'],
    ['/api/users/3/creditsx', 'auth'],
    ['/api/users/licenses', 'auth'],
    ['/api/users//credits', 'auth'],
    ['/api/admin/signup-events', 'auth'],
    ['/api/version', 'auth'],
    ['/api/promo-codes', 'licensing'],
    ['/api/promo-codes/redeem', 'licensing'],
    // No route is declared at /api/licenses itself: the gateway answers its 404 instead of licensing.
    ['/api/licenses', undefined],
    ['/api/licenses/codes', 'licensing'],
    ['/api/license/activate', 'licensing'],
    ['/api/push/me', 'notifier'],
    ['/api/sync/push', 'sync'],
    ['/api/sync/pull', 'sync'],
    ['/api/sync/events', 'sync'],
    ['/api/teams', 'sync'],
    ['/api/teams/join', 'sync'],
    ['/api/teams/t-1/members/7', 'sync'],
    ['/api/sync', undefined],
    ['/api/auth', undefined],
    ['/api/license', undefined],
    ['/api/push', undefined],
    ['/api/admin', undefined],
    ['/api/meta', undefined],
    ['/api/loginx', undefined],
    ['/api', undefined],
  ])('%s -> %s', (path, upstream) => {
    expect(upstreamFor(path)).toBe(upstream);
  });

  it('spots dot segments, plain or encoded', () => {
    expect(hasDotSegment('/api/push/../users')).toBe(true);
    expect(hasDotSegment('/api/push/%2E%2e/users')).toBe(true);
    expect(hasDotSegment('/api/push/./me')).toBe(true);
    expect(hasDotSegment('/api/push/me.json')).toBe(false);
  });
});

describe('the route table, derived from the paths declared in contracts', () => {
  const apiPaths = PATH_OWNERS.filter(({ path }) => path.startsWith('/api/'));
  /** A declared path with each parameter filled in. */
  const filled = (path: string) => path.replace(/:\w+/g, '42');

  it('sends every declared /api path, and anything below it, to the service that answers it', () => {
    for (const { path, owner } of apiPaths) {
      const upstream = owner === 'gateway' ? undefined : owner === 'kit' ? 'auth' : owner;
      expect(upstreamFor(filled(path)), path).toBe(upstream);
      expect(upstreamFor(`${filled(path)}/unknown`), path).toBe(upstream);
    }
    expect(upstreamFor(apiPath(API_PATHS.userDeviceRevoke, { id: 7, deviceId: 'x y' }))).toBe('licensing');
  });

  it("leaves the gateway's own paths (the API reference) to the gateway", () => {
    expect(upstreamFor(API_PATHS.openApiDocument)).toBeUndefined();
    expect(upstreamFor(API_PATHS.apiDocs)).toBeUndefined();
  });

  it('has one entry per declared path whose enclosing path goes elsewhere, most specific first', () => {
    expect(routeTable.map((route) => route.path)).toEqual(
      expect.arrayContaining([API_PATHS.users, API_PATHS.userCredits, API_PATHS.userLicenses]),
    );
    // Below /api/users (auth), the user-licence paths (licensing) come first; /api/users/:id needs no entry.
    const index = (path: string) => routeTable.findIndex((route) => route.path === path);
    expect(index(API_PATHS.userLicenses)).toBeLessThan(index(API_PATHS.users));
    expect(index(API_PATHS.user)).toBe(-1);
  });
});

describe('event streams, from the operations declared in contracts', () => {
  it('knows GET /api/sync/events as the one event stream', () => {
    expect(eventStreamPaths).toEqual([API_PATHS.syncEvents]);
  });

  it.each([
    ['GET', '/api/sync/events', true],
    ['get', '/api/sync/events/', true],
    ['HEAD', '/api/sync/events', false],
    ['POST', '/api/sync/events', false],
    ['GET', '/api/sync/events/x', false],
    ['GET', '/api/sync/pull', false],
    ['GET', '/api/teams', false],
  ])('%s %s is a stream request: %s', (method, path, stream) => {
    expect(isEventStreamRequest(method, path)).toBe(stream);
  });

  it.each([
    ['text/event-stream', true],
    ['text/event-stream; charset=utf-8', true],
    ['Text/Event-Stream', true],
    ['text/plain', false],
    ['application/json', false],
    [undefined, false],
  ])('content type %s is an event stream: %s', (contentType, stream) => {
    expect(isEventStreamType(contentType)).toBe(stream);
  });
});
