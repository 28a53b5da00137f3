// Every HTTP path of PitClock, declared once (ARCHITECTURE.md "Calls"), grouped by who answers it. The
// services' routers, the browser client, the gateway's routing, nginx's config and the OpenAPI document
// (./operations.ts) all take their paths from here. Zod-free and tiny: the browser bundles it.

/** Who answers a path: a service, every service (kit's app: probes, version, metrics), or the gateway. */
export type PathOwner = 'auth' | 'licensing' | 'notifier' | 'sync' | 'kit' | 'gateway';

const pathsByOwner = {
  auth: {
    register: '/api/auth/register',
    login: '/api/login',
    refresh: '/api/auth/refresh',
    logout: '/api/auth/logout',
    me: '/api/me',
    users: '/api/users',
    user: '/api/users/:id',
    userToggleAdmin: '/api/users/:id/toggle-admin',
    signupEvents: '/api/admin/signup-events',
    auditAccounts: '/api/admin/audit/accounts',
  },
  licensing: {
    promoCodes: '/api/promo-codes',
    promoCodeRedeem: '/api/promo-codes/redeem',
    promoCodeToggle: '/api/promo-codes/:id/toggle',
    licensePublicKey: '/api/licenses/public-key',
    licenseCheck: '/api/licenses/check',
    activationCodes: '/api/licenses/codes',
    licenseActivate: '/api/license/activate',
    credits: '/api/licenses/credits',
    creditsAdminAdjust: '/api/licenses/credits/admin-adjust',
    devices: '/api/licenses/devices',
    deviceRevoke: '/api/licenses/devices/:id/revoke',
    deviceRestore: '/api/licenses/devices/:id/restore',
    licenseStatuses: '/api/licenses/statuses',
    userLicenses: '/api/users/:id/licenses',
    userDeviceRevoke: '/api/users/:id/licenses/:deviceId/revoke',
    userDeviceRestore: '/api/users/:id/licenses/:deviceId/restore',
    userCredits: '/api/users/:id/credits',
    auditLicensing: '/api/admin/audit/licensing',
  },
  notifier: {
    pushVapidPublicKey: '/api/push/vapid-public-key',
    pushSubscribe: '/api/push/subscribe',
    pushMe: '/api/push/me',
    pushTest: '/api/push/test',
    pushDismiss: '/api/push/dismiss',
    pushRunSchedule: '/api/push/runs/:runId/schedule',
  },
  sync: {
    syncPush: '/api/sync/push',
    syncPull: '/api/sync/pull',
    syncEvents: '/api/sync/events',
    teams: '/api/teams',
    teamJoin: '/api/teams/join',
    team: '/api/teams/:id',
    teamInvites: '/api/teams/:id/invites',
    teamMember: '/api/teams/:id/members/:userId',
  },
  kit: {
    version: '/api/version',
    healthz: '/healthz',
    readyz: '/readyz',
    metrics: '/metrics',
  },
  gateway: {
    openApiDocument: '/api/openapi.json',
    apiDocs: '/api/docs',
  },
} as const;

type PathsByOwner = typeof pathsByOwner;
export type ApiPathName = { [O in PathOwner]: keyof PathsByOwner[O] }[PathOwner];
export type ApiPath = { [O in PathOwner]: PathsByOwner[O][keyof PathsByOwner[O]] }[PathOwner];

/**
 * Every path by name, in Express form ('/api/users/:id'): `router.get(API_PATHS.user, ...)` on a server,
 * `apiPath(API_PATHS.user, { id })` in the browser. The API client accepts them as they are (its base is
 * /api and a leading /api is not doubled).
 */
export const API_PATHS = {
  ...pathsByOwner.auth,
  ...pathsByOwner.licensing,
  ...pathsByOwner.notifier,
  ...pathsByOwner.sync,
  ...pathsByOwner.kit,
  ...pathsByOwner.gateway,
} as const satisfies Record<ApiPathName, ApiPath>;

/** Every declared path with its owner, in declaration order. */
export const PATH_OWNERS: readonly { path: ApiPath; owner: PathOwner }[] = Object.entries(
  pathsByOwner,
).flatMap(([owner, paths]) =>
  Object.values(paths).map((path) => ({ path: path as ApiPath, owner: owner as PathOwner })),
);

/** The owner of a declared path. */
export const ownerOf = (path: ApiPath): PathOwner => PATH_OWNERS.find((entry) => entry.path === path)!.owner;

/** The names of a path's parameters: 'id' | 'deviceId' of '/api/users/:id/licenses/:deviceId/revoke'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [Name in PathParamNames<P>]: string | number };

const PARAM = /:([A-Za-z]\w*)/g;

/** A path with its parameters filled in, each percent-encoded: apiPath('/api/users/:id', { id: 7 }). */
export function apiPath<P extends ApiPath>(
  path: P,
  ...[params]: PathParamNames<P> extends never ? [] : [PathParams<P>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return path.replace(PARAM, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** The OpenAPI form of a path: '/api/users/:id' becomes '/api/users/{id}'. */
export const toOpenApiPath = (path: string): string => path.replace(PARAM, '{$1}');
