// The operation registry: every route of every service (and of the gateway) with its method, path, owner,
// auth, request and answer schemas, summary and tags. The OpenAPI document (./openapi.ts) is generated
// from it, and each service's route test checks that its Express app registers exactly these routes.
// Adding a route: declare its path in ./paths.ts, add its operation here, use the path constant in the
// router; the route tests fail until all three agree.
import { z } from 'zod';
import {
  ActivateRequest,
  ActivateResponse,
  ActivationCodeResponse,
  AddCreditsRequest,
  AdminAdjustRequest,
  AdminUser,
  AdminUserResponse,
  AdminUsersResponse,
  CreatePromoCodeRequest,
  CreditChangeResponse,
  CreditsQuery,
  CreditsResponse,
  Device,
  DeviceIdParam,
  DevicesQuery,
  DevicesResponse,
  DismissBody,
  HealthResponse,
  LicenseCheckRequest,
  LicenseCheckResponse,
  LicensePublicKeyResponse,
  LicenseStatusesQuery,
  LicenseStatusesResponse,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  MeResponse,
  MintActivationCodeRequest,
  PromoCode,
  PromoCodeIdParam,
  PromoCodesResponse,
  PushScheduleInput,
  PushScheduleResponse,
  PushSubscriptionView,
  PushSubscriptionsResponse,
  PushTestResponse,
  ReadyResponse,
  RedeemRequest,
  RedeemResponse,
  RefreshRequest,
  RefreshResponse,
  RegisterRequest,
  RegisterResponse,
  RunIdParam,
  SignupEventsQuery,
  SignupEventsResponse,
  SubscribeBody,
  UnsubscribeBody,
  UpdateUserRequest,
  UserIdParam,
  UserLicensesResponse,
  VapidPublicKeyResponse,
  VersionResponse,
  AuditPageResponse,
  AUDIT_PAGE,
  CreditsPageResponse,
  DEVICES_PAGE,
  DevicesPageResponse,
  LEDGER_PAGE,
  PROMO_CODES_PAGE,
  PromoCodesPageResponse,
  SIGNUP_EVENTS_PAGE,
  SignupEventsPageResponse,
  USERS_PAGE,
  UsersPageResponse,
  AuditAction,
  pageQueryShape,
  idListParam,
  LIMITS,
  SyncPushRequest,
  SyncPushResponse,
  SyncPullRequest,
  SyncPullResponse,
  CreateTeamRequest,
  JoinTeamRequest,
  Team,
  TeamIdParam,
  TeamInviteResponse,
  TeamsResponse,
} from '../schemas';
import { API_PATHS as P, ownerOf, type ApiPath, type PathOwner } from './paths';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: anyone, a signed-in user (bearer access token), or an admin (checked in the database). */
export type OperationAuth = 'none' | 'user' | 'admin';

/** The statuses answered with the error shape (ErrorBody). */
export const ERROR_STATUSES = [400, 401, 403, 404, 408, 409, 413, 415, 429, 431, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export type OperationAnswer = {
  description: string;
  /** The body; none for 204. A classic or a zod/mini schema (the browser's answers are zod/mini). */
  schema?: z.core.$ZodType;
  /** Default application/json. */
  contentType?: string;
};

export type Operation = {
  operationId: string;
  method: HttpMethod;
  path: ApiPath;
  /** Who answers it (from ./paths.ts). */
  service: PathOwner;
  auth: OperationAuth;
  summary: string;
  description?: string;
  tags: readonly string[];
  request: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    body?: z.core.$ZodType;
    /** A body may be left out (it then counts as empty). */
    bodyOptional?: boolean;
  };
  /** The answers that are not the error shape (2xx, and /readyz's 503), by status. */
  answers: Readonly<Record<number, OperationAnswer>>;
  /** Every status answered with the error shape, derived and declared (see operation()). */
  errors: readonly ErrorStatus[];
  /** Served on each service's own port only, never through the gateway: left out of the document. */
  internal?: boolean;
};

type OperationSpec = Omit<Operation, 'service' | 'errors' | 'request'> & {
  request?: Operation['request'];
  /** The errors specific to this route; the rest are derived (see operation()). */
  errors?: readonly ErrorStatus[];
  /** Reads or writes PostgreSQL or Redis: 503 with Retry-After while they are down. Default true. */
  storage?: boolean;
};

/** The services: behind kit's JSON body parser and its NUL-character check (the probes are before them). */
const behindBodyParser = (service: PathOwner) =>
  service === 'auth' || service === 'licensing' || service === 'notifier' || service === 'sync';

/**
 * An operation with the errors every route of its kind answers. A service route answers 400 to a NUL
 * character anywhere in the request, to a body that is not JSON or to input that breaks its schema, 413 to
 * a body too large and 415 to an unsupported body encoding or charset, whatever its own input. 401 behind a
 * bearer token; 403 for admin routes; 503 when a dependency (PostgreSQL, Redis, or auth for licensing's
 * admin check) is down. Every route, the gateway's and the probes too, answers 408 to a request not
 * received in time and 431 to headers (the request line included) too large: the HTTP server answers
 * those before any route is chosen.
 */
const operation = ({ errors = [], storage = true, request = {}, ...spec }: OperationSpec): Operation => {
  const service = ownerOf(spec.path);
  const derived = new Set<ErrorStatus>([...errors, 408, 431]);
  if (request.body || request.query || request.params) derived.add(400);
  if (behindBodyParser(service)) for (const status of [400, 413, 415] as const) derived.add(status);
  if (spec.auth !== 'none') derived.add(401);
  if (spec.auth === 'admin') derived.add(403);
  if (storage) derived.add(503);
  return {
    ...spec,
    request,
    service,
    errors: ERROR_STATUSES.filter((status) => derived.has(status)),
  };
};

const json = (description: string, schema: z.core.$ZodType): OperationAnswer => ({ description, schema });
const noContent = (description: string): OperationAnswer => ({ description });

// Path parameters, as the routers read them (each is a string in the path).
const UserPath = z.object({ id: UserIdParam });
const PromoCodePath = z.object({ id: PromoCodeIdParam });
const DevicePath = z.object({ id: DeviceIdParam });
const UserDevicePath = z.object({ id: UserIdParam, deviceId: DeviceIdParam });
const RunPath = z.object({ runId: RunIdParam });
const TeamPath = z.object({ id: TeamIdParam });
const TeamMemberPath = z.object({ id: TeamIdParam, userId: UserIdParam });

// The query of each admin list as a document shows it: SPEC's filters and the page keys (pages.ts).
const UsersQueryDoc = z.object({ ...pageQueryShape(USERS_PAGE), ids: idListParam(LIMITS.userIdsMax) });
const SignupEventsQueryDoc = SignupEventsQuery.extend({
  q: pageQueryShape(SIGNUP_EVENTS_PAGE).q,
  sort: pageQueryShape(SIGNUP_EVENTS_PAGE).sort,
  cursor: pageQueryShape(SIGNUP_EVENTS_PAGE).cursor,
});
const PromoCodesQueryDoc = z.object(pageQueryShape(PROMO_CODES_PAGE));
const CreditsQueryDoc = CreditsQuery.extend(pageQueryShape(LEDGER_PAGE));
const DevicesQueryDoc = DevicesQuery.extend({
  status: z.enum(['active', 'revoked']).optional(),
  ...pageQueryShape(DEVICES_PAGE),
});
const AuditQueryDoc = z.object({
  ...pageQueryShape(AUDIT_PAGE),
  actor_id: z.string().optional(),
  subject_user_id: z.string().optional(),
  action: AuditAction.optional(),
});
const pageNote =
  'With q, sort, limit or cursor it answers a page ({ data, total, total_exact, next_cursor }); without, the list as SPEC.md shows it.';

const tags = {
  account: ['Account'],
  users: ['Users (admin)'],
  promo: ['Promo codes'],
  licenses: ['Licences'],
  credits: ['Credits (admin)'],
  devices: ['Devices (admin)'],
  push: ['Push'],
  sync: ['Sync'],
  teams: ['Teams'],
  operations: ['Operations'],
  reference: ['Reference'],
} as const;

const authOperations: Operation[] = [
  operation({
    operationId: 'register',
    method: 'post',
    path: P.register,
    auth: 'none',
    summary: 'Create an account',
    description: 'Every attempt, refused ones too, is recorded as a signup event. Rate-limited per client.',
    tags: tags.account,
    request: { body: RegisterRequest },
    answers: { 201: json('Account created; sign in next', RegisterResponse) },
    errors: [409, 429],
  }),
  operation({
    operationId: 'login',
    method: 'post',
    path: P.login,
    auth: 'none',
    summary: 'Sign in: an access token and a refresh token for this device',
    description: 'Rate-limited per client and per e-mail; a wrong e-mail or password answers 401.',
    tags: tags.account,
    request: { body: LoginRequest },
    answers: { 200: json('Signed in', LoginResponse) },
    errors: [401, 429],
  }),
  operation({
    operationId: 'refresh',
    method: 'post',
    path: P.refresh,
    auth: 'none',
    summary: 'Exchange a refresh token for a new token pair',
    description: 'A refresh token works once; reusing one ends its whole sign-in (401).',
    tags: tags.account,
    request: { body: RefreshRequest },
    answers: { 200: json('A new token pair', RefreshResponse) },
    errors: [401],
  }),
  operation({
    operationId: 'logout',
    method: 'post',
    path: P.logout,
    auth: 'none',
    summary: "Sign out: revoke the refresh token's sign-in",
    description: 'Idempotent: an unknown or revoked refresh token also answers 204.',
    tags: tags.account,
    request: { body: LogoutRequest },
    answers: { 204: noContent('Signed out') },
  }),
  operation({
    operationId: 'getMe',
    method: 'get',
    path: P.me,
    auth: 'user',
    summary: 'The signed-in account',
    tags: tags.account,
    answers: { 200: json('The account', MeResponse) },
  }),
  operation({
    operationId: 'listUsers',
    method: 'get',
    path: P.users,
    auth: 'admin',
    summary: 'Every user, oldest first, or a page of them',
    description: `${pageNote} ids= also asks for a page, of those users only.`,
    tags: tags.users,
    request: { query: UsersQueryDoc },
    answers: { 200: json('The users', z.union([AdminUsersResponse, UsersPageResponse])) },
  }),
  operation({
    operationId: 'getUser',
    method: 'get',
    path: P.user,
    auth: 'admin',
    summary: 'One user',
    tags: tags.users,
    request: { params: UserPath },
    answers: { 200: json('The user', AdminUserResponse) },
    errors: [404],
  }),
  operation({
    operationId: 'updateUser',
    method: 'patch',
    path: P.user,
    auth: 'admin',
    summary: "Change a user's display name or e-mail",
    tags: tags.users,
    request: { params: UserPath, body: UpdateUserRequest },
    answers: { 200: json('The updated user', AdminUser) },
    errors: [404, 409],
  }),
  operation({
    operationId: 'deleteUser',
    method: 'delete',
    path: P.user,
    auth: 'admin',
    summary: 'Delete a user',
    description: 'Never your own account, nor the last admin (409).',
    tags: tags.users,
    request: { params: UserPath },
    answers: { 204: noContent('Deleted') },
    errors: [404, 409],
  }),
  operation({
    operationId: 'toggleUserAdmin',
    method: 'post',
    path: P.userToggleAdmin,
    auth: 'admin',
    summary: 'Make a user an admin, or no longer one',
    description: 'Never your own role (403), nor the last admin (409).',
    tags: tags.users,
    request: { params: UserPath },
    answers: { 200: json('The user with the new role', AdminUser) },
    errors: [404, 409],
  }),
  operation({
    operationId: 'listSignupEvents',
    method: 'get',
    path: P.signupEvents,
    auth: 'admin',
    summary: 'Registration attempts, newest first (paged with before=<id>), or a page of them',
    description: `${pageNote} limit alone keeps the old list.`,
    tags: tags.users,
    request: { query: SignupEventsQueryDoc },
    answers: { 200: json('The signup events', z.union([SignupEventsResponse, SignupEventsPageResponse])) },
  }),
  operation({
    operationId: 'listAccountsAudit',
    method: 'get',
    path: P.auditAccounts,
    auth: 'admin',
    summary: 'A page of the admin actions on accounts (edit, delete, admin role)',
    description: 'Append-only: no route changes it.',
    tags: tags.users,
    request: { query: AuditQueryDoc },
    answers: { 200: json('The audit entries', AuditPageResponse) },
  }),
];

const licensingOperations: Operation[] = [
  operation({
    operationId: 'listPromoCodes',
    method: 'get',
    path: P.promoCodes,
    auth: 'admin',
    summary: 'Every promo code, newest first, or a page of them',
    description: pageNote,
    tags: tags.promo,
    request: { query: PromoCodesQueryDoc },
    answers: { 200: json('The promo codes', z.union([PromoCodesResponse, PromoCodesPageResponse])) },
  }),
  operation({
    operationId: 'createPromoCode',
    method: 'post',
    path: P.promoCodes,
    auth: 'admin',
    summary: 'Create a promo code',
    tags: tags.promo,
    request: { body: CreatePromoCodeRequest },
    answers: { 201: json('The promo code', PromoCode) },
    errors: [409],
  }),
  operation({
    operationId: 'redeemPromoCode',
    method: 'post',
    path: P.promoCodeRedeem,
    auth: 'user',
    summary: 'Redeem a promo code: a signed licence for this device',
    description: 'Rate-limited per user. Refusals carry their reason as the error code.',
    tags: tags.promo,
    request: { body: RedeemRequest },
    answers: { 201: json('The device licence', RedeemResponse) },
    errors: [403, 404, 409, 429],
  }),
  operation({
    operationId: 'togglePromoCode',
    method: 'post',
    path: P.promoCodeToggle,
    auth: 'admin',
    summary: 'Enable or disable a promo code',
    tags: tags.promo,
    request: { params: PromoCodePath },
    answers: { 200: json('The promo code', PromoCode) },
    errors: [404],
  }),
  operation({
    operationId: 'getLicensePublicKey',
    method: 'get',
    path: P.licensePublicKey,
    auth: 'none',
    summary: 'The public key that verifies device licences offline',
    tags: tags.licenses,
    answers: { 200: json('The key (cacheable for an hour)', LicensePublicKeyResponse) },
  }),
  operation({
    operationId: 'checkLicense',
    method: 'post',
    path: P.licenseCheck,
    auth: 'user',
    summary: "Check this device's licence online (and get it renewed when active)",
    tags: tags.licenses,
    request: { body: LicenseCheckRequest },
    answers: { 200: json('The licence status', LicenseCheckResponse) },
  }),
  operation({
    operationId: 'mintActivationCode',
    method: 'post',
    path: P.activationCodes,
    auth: 'admin',
    summary: 'Mint a one-time activation code for a user (the caller when none is given)',
    tags: tags.licenses,
    request: { body: MintActivationCodeRequest, bodyOptional: true },
    answers: { 201: json('The activation code', ActivationCodeResponse) },
    errors: [404],
  }),
  operation({
    operationId: 'activateLicense',
    method: 'post',
    path: P.licenseActivate,
    auth: 'user',
    summary: 'Activate a device with an activation code (spends one credit)',
    description: 'Rate-limited per user. Refusals carry their reason as the error code.',
    tags: tags.licenses,
    request: { body: ActivateRequest },
    answers: { 200: json('The device licence', ActivateResponse) },
    errors: [403, 404, 409, 429],
  }),
  operation({
    operationId: 'getCredits',
    method: 'get',
    path: P.credits,
    auth: 'admin',
    summary: "A user's credit balance and recent ledger, or a page of the ledger",
    description: pageNote,
    tags: tags.credits,
    request: { query: CreditsQueryDoc },
    answers: { 200: json('The balance and ledger', z.union([CreditsResponse, CreditsPageResponse])) },
  }),
  operation({
    operationId: 'adjustCredits',
    method: 'post',
    path: P.creditsAdminAdjust,
    auth: 'admin',
    summary: "Add to or take from a user's credits",
    description: 'The balance never goes below zero (409).',
    tags: tags.credits,
    request: { body: AdminAdjustRequest },
    answers: { 200: json('The new balance and its ledger entry', CreditChangeResponse) },
    errors: [404, 409],
  }),
  operation({
    operationId: 'addUserCredits',
    method: 'post',
    path: P.userCredits,
    auth: 'admin',
    summary: 'Grant credits to a user',
    tags: tags.credits,
    request: { params: UserPath, body: AddCreditsRequest },
    answers: { 200: json('The new balance and its ledger entry', CreditChangeResponse) },
    errors: [404, 409],
  }),
  operation({
    operationId: 'listDevices',
    method: 'get',
    path: P.devices,
    auth: 'admin',
    summary: 'Every licensed device (of one user with user_id), or a page of them',
    description: `${pageNote} status= also asks for a page.`,
    tags: tags.devices,
    request: { query: DevicesQueryDoc },
    answers: { 200: json('The devices', z.union([DevicesResponse, DevicesPageResponse])) },
  }),
  operation({
    operationId: 'listLicensingAudit',
    method: 'get',
    path: P.auditLicensing,
    auth: 'admin',
    summary: 'A page of the admin actions on promo codes, credits, activation codes and devices',
    description: 'Append-only: no route changes it.',
    tags: tags.devices,
    request: { query: AuditQueryDoc },
    answers: { 200: json('The audit entries', AuditPageResponse) },
  }),
  operation({
    operationId: 'revokeDevice',
    method: 'patch',
    path: P.deviceRevoke,
    auth: 'admin',
    summary: "Revoke a device's licence",
    tags: tags.devices,
    request: { params: DevicePath },
    answers: { 200: json('The device', Device) },
    errors: [404],
  }),
  operation({
    operationId: 'restoreDevice',
    method: 'patch',
    path: P.deviceRestore,
    auth: 'admin',
    summary: "Restore a revoked device's licence",
    tags: tags.devices,
    request: { params: DevicePath },
    answers: { 200: json('The device', Device) },
    errors: [404],
  }),
  operation({
    operationId: 'listLicenseStatuses',
    method: 'get',
    path: P.licenseStatuses,
    auth: 'admin',
    summary: 'The licence status of users (the admin user list merges it in)',
    tags: tags.licenses,
    request: { query: LicenseStatusesQuery },
    answers: { 200: json('The statuses', LicenseStatusesResponse) },
  }),
  operation({
    operationId: 'getUserLicenses',
    method: 'get',
    path: P.userLicenses,
    auth: 'admin',
    summary: "A user's licence status, devices, balance and ledger",
    tags: tags.devices,
    request: { params: UserPath },
    answers: { 200: json("The user's licences", UserLicensesResponse) },
  }),
  operation({
    operationId: 'revokeUserDevice',
    method: 'post',
    path: P.userDeviceRevoke,
    auth: 'admin',
    summary: "Revoke one of a user's devices",
    tags: tags.devices,
    request: { params: UserDevicePath },
    answers: { 200: json('The device', Device) },
    errors: [404],
  }),
  operation({
    operationId: 'restoreUserDevice',
    method: 'post',
    path: P.userDeviceRestore,
    auth: 'admin',
    summary: "Restore one of a user's devices",
    tags: tags.devices,
    request: { params: UserDevicePath },
    answers: { 200: json('The device', Device) },
    errors: [404],
  }),
];

const notifierOperations: Operation[] = [
  operation({
    operationId: 'getVapidPublicKey',
    method: 'get',
    path: P.pushVapidPublicKey,
    auth: 'none',
    summary: 'The VAPID public key to subscribe with',
    tags: tags.push,
    answers: { 200: json('The key (cacheable for 5 minutes)', VapidPublicKeyResponse) },
  }),
  operation({
    operationId: 'subscribePush',
    method: 'post',
    path: P.pushSubscribe,
    auth: 'user',
    summary: "Store this device's push subscription",
    tags: tags.push,
    request: { body: SubscribeBody },
    answers: {
      200: json('The subscription was known: updated', PushSubscriptionView),
      201: json('Stored', PushSubscriptionView),
    },
  }),
  operation({
    operationId: 'unsubscribePush',
    method: 'delete',
    path: P.pushSubscribe,
    auth: 'user',
    summary: 'Delete one of your push subscriptions',
    tags: tags.push,
    request: { body: UnsubscribeBody },
    answers: { 204: noContent('Deleted') },
    errors: [404],
  }),
  operation({
    operationId: 'listPushSubscriptions',
    method: 'get',
    path: P.pushMe,
    auth: 'user',
    summary: 'Your push subscriptions',
    tags: tags.push,
    answers: { 200: json('The subscriptions', PushSubscriptionsResponse) },
  }),
  operation({
    operationId: 'sendTestPush',
    method: 'post',
    path: P.pushTest,
    auth: 'user',
    summary: 'Send a test push to every subscription of yours',
    tags: tags.push,
    answers: { 200: json('How many were sent and delivered', PushTestResponse) },
    errors: [404],
  }),
  operation({
    operationId: 'dismissStep',
    method: 'post',
    path: P.pushDismiss,
    auth: 'none',
    summary: "Dismiss a step from a notification's action (the signed token is the authority)",
    tags: tags.push,
    request: { body: DismissBody },
    answers: { 204: noContent('Dismissed') },
    errors: [401, 404],
  }),
  operation({
    operationId: 'putRunSchedule',
    method: 'put',
    path: P.pushRunSchedule,
    auth: 'user',
    summary: "Store a run's schedule: its steps' alerts are pushed when due",
    description: 'Sent again after every re-plan; it replaces the previous schedule and its alerts.',
    tags: tags.push,
    request: { params: RunPath, body: PushScheduleInput },
    answers: { 200: json('Stored, with the number of alerts waiting', PushScheduleResponse) },
    // 403 forbidden: team_id names a team the caller is not a member of (the sync service says).
    // 409 schedule_limit_reached: the user has the most runs with alerts still to come.
    errors: [403, 409],
  }),
  operation({
    operationId: 'deleteRunSchedule',
    method: 'delete',
    path: P.pushRunSchedule,
    auth: 'user',
    summary: "Delete a run's schedule and its waiting alerts",
    tags: tags.push,
    request: { params: RunPath },
    answers: { 204: noContent('Deleted') },
    errors: [404],
  }),
];

const kitOperations: Operation[] = [
  operation({
    operationId: 'getVersion',
    method: 'get',
    path: P.version,
    auth: 'none',
    summary: 'The backend version (every service answers it; through the gateway, auth does)',
    tags: tags.operations,
    answers: { 200: json('The version', VersionResponse) },
    storage: false,
  }),
  operation({
    operationId: 'getHealth',
    method: 'get',
    path: P.healthz,
    auth: 'none',
    summary: 'Liveness: the process answers',
    tags: tags.operations,
    answers: { 200: json('Alive', HealthResponse) },
    storage: false,
  }),
  operation({
    operationId: 'getReadiness',
    method: 'get',
    path: P.readyz,
    auth: 'none',
    summary: 'Readiness: every dependency answers',
    tags: tags.operations,
    answers: {
      200: json('Ready', ReadyResponse),
      503: json('A dependency failed its check', ReadyResponse),
    },
    storage: false,
  }),
  operation({
    operationId: 'getMetrics',
    method: 'get',
    path: P.metrics,
    auth: 'none',
    summary: 'Prometheus metrics of the process',
    tags: tags.operations,
    answers: { 200: { description: 'The metrics', schema: z.string(), contentType: 'text/plain' } },
    storage: false,
    internal: true,
  }),
];

const gatewayOperations: Operation[] = [
  operation({
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: P.openApiDocument,
    auth: 'none',
    summary: 'This document (OpenAPI 3.1)',
    tags: tags.reference,
    answers: { 200: json('The document', z.looseObject({ openapi: z.string() })) },
    storage: false,
  }),
  operation({
    operationId: 'getApiDocs',
    method: 'get',
    path: P.apiDocs,
    auth: 'none',
    summary: 'A readable reference of this document',
    tags: tags.reference,
    answers: { 200: { description: 'The reference page', schema: z.string(), contentType: 'text/html' } },
    storage: false,
  }),
];

const syncOperations: Operation[] = [
  operation({
    operationId: 'syncPush',
    method: 'post',
    path: P.syncPush,
    auth: 'user',
    summary: "Send this device's changes (mutations numbered from 1, applied once each, in order)",
    description:
      'Mutations already applied are skipped; nothing after a gap is applied. 403 sync_scope_forbidden ' +
      '(details.mids: the refused mutations) when a mutation names a scope this account may not write: ' +
      'then nothing of the push is applied.',
    tags: tags.sync,
    request: { body: SyncPushRequest },
    answers: { 200: json('Applied up to lastMutationId', SyncPushResponse) },
    errors: [403],
  }),
  operation({
    operationId: 'syncPull',
    method: 'post',
    path: P.syncPull,
    auth: 'user',
    summary: 'The records changed since the cookie, in the scopes this account reads',
    tags: tags.sync,
    request: { body: SyncPullRequest },
    answers: { 200: json('A page of changes; more: pull again with the new cookie', SyncPullResponse) },
    errors: [403],
  }),
  operation({
    operationId: 'syncEvents',
    method: 'get',
    path: P.syncEvents,
    auth: 'user',
    summary: "Server-sent events: 'poke' when a scope this account reads has changed",
    tags: tags.sync,
    answers: {
      200: {
        description:
          "An event stream, open until the client leaves: 'ready', then 'poke' events and heartbeats",
        schema: z.string(),
        contentType: 'text/event-stream',
      },
    },
  }),
  operation({
    operationId: 'listTeams',
    method: 'get',
    path: P.teams,
    auth: 'user',
    summary: 'The teams this account is in, with their members',
    tags: tags.teams,
    answers: { 200: json('The teams', TeamsResponse) },
  }),
  operation({
    operationId: 'createTeam',
    method: 'post',
    path: P.teams,
    auth: 'user',
    summary: 'Create a team, owned by this account',
    tags: tags.teams,
    request: { body: CreateTeamRequest },
    answers: { 201: json('Created', Team) },
    errors: [409],
  }),
  operation({
    operationId: 'getTeam',
    method: 'get',
    path: P.team,
    auth: 'user',
    summary: 'One of your teams',
    tags: tags.teams,
    request: { params: TeamPath },
    answers: { 200: json('The team', Team) },
    errors: [404],
  }),
  operation({
    operationId: 'createTeamInvite',
    method: 'post',
    path: P.teamInvites,
    auth: 'user',
    summary: 'A one-time invite code for the team (expires in 24 hours)',
    tags: tags.teams,
    request: { params: TeamPath },
    answers: { 201: json('The code', TeamInviteResponse) },
    errors: [403, 404],
  }),
  operation({
    operationId: 'joinTeam',
    method: 'post',
    path: P.teamJoin,
    auth: 'user',
    summary: 'Join a team with an invite code (each code works once)',
    tags: tags.teams,
    request: { body: JoinTeamRequest },
    answers: { 200: json('Joined', Team) },
    errors: [404, 409],
  }),
  operation({
    operationId: 'removeTeamMember',
    method: 'delete',
    path: P.teamMember,
    auth: 'user',
    summary: 'Leave the team (your own user id) or, as its owner, remove a member',
    tags: tags.teams,
    request: { params: TeamMemberPath },
    answers: { 204: noContent('Removed') },
    errors: [403, 404, 409],
  }),
];

/** Every operation, by owner in declaration order. */
export const OPERATIONS: readonly Operation[] = [
  ...authOperations,
  ...licensingOperations,
  ...notifierOperations,
  ...syncOperations,
  ...kitOperations,
  ...gatewayOperations,
];

/** The operations a service's app registers: its own and kit's (probes, version, metrics). */
export const operationsServedBy = (service: 'auth' | 'licensing' | 'notifier' | 'sync'): Operation[] =>
  OPERATIONS.filter((op) => op.service === service || op.service === 'kit');
