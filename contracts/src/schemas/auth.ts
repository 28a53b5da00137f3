import { z } from 'zod';
import { readLoginToken } from '../session/login-token';
import { MeResponse, UserId } from './auth-answers';
import { AUTH_MESSAGES, EMAIL_PATTERN, LIMITS } from './auth-messages';
import { definePage, idListParam, pageAnswer, pageQueryShape, toPageRequest } from './pages';

export { AUTH_MESSAGES, EMAIL_PATTERN, LIMITS, MeResponse, UserId };

const m = AUTH_MESSAGES;

export const DeviceInfo = z.object({
  device_id: z.string().trim().min(1).max(LIMITS.deviceIdMax),
  name: z.string().trim().max(LIMITS.deviceNameMax),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** POST /login: e-mail and password required (SPEC.md section 5); device_info from the root-path helper. */
export const LoginRequest = z.object({
  email: z.string().trim().min(1, m.emailRequired).max(LIMITS.emailMax, m.emailTooLong),
  password: z.string().min(1, m.passwordRequired).max(LIMITS.passwordMax, m.passwordTooLong),
  device_info: DeviceInfo.optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** POST /login and POST /auth/refresh answer. Parsing normalises the token aliases into `token`. */
export const LoginResponse = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { ...body, token: readLoginToken(body) ?? undefined }
      : body,
  z.object({
    token: z.string({ error: m.noToken }).min(1, m.noToken).max(LIMITS.tokenMax),
    refresh_token: z.string().min(1).max(LIMITS.tokenMax),
    device_id: z.string().min(1).max(LIMITS.deviceIdMax),
  }),
);
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * An e-mail address of the x@y.z shape (trimmed). The length check aborts the parse, so a too-long input
 * never reaches the pattern: zod would otherwise run every check, whatever failed before.
 */
export const EmailAddress = z
  .string()
  .trim()
  .max(LIMITS.emailMax, { error: m.emailTooLong, abort: true })
  .regex(EMAIL_PATTERN, m.emailInvalid);

/** POST /auth/register: the signup rules of SPEC.md section 5 with its exact texts. */
export const RegisterRequest = z.object({
  email: EmailAddress,
  password: z.string().min(LIMITS.passwordMin, m.passwordTooShort).max(LIMITS.passwordMax, m.passwordTooLong),
  display_name: z.string().trim().min(LIMITS.nameMin, m.nameTooShort).max(LIMITS.nameMax, m.nameTooLong),
  device_info: DeviceInfo,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** POST /auth/register answers 201 with the text the signup screen shows (SPEC.md section 7). */
export const RegisterResponse = z.object({ message: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** POST /auth/refresh */
export const RefreshRequest = z.object({
  refresh_token: z.string().min(1).max(LIMITS.tokenMax),
});
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** POST /auth/logout: revokes the refresh token's family (all tokens of that sign-in). Answers 204. */
export const LogoutRequest = RefreshRequest;
export type LogoutRequest = RefreshRequest;

/** POST /auth/refresh answers like login: token, refresh_token, device_id. */
export const RefreshResponse = LoginResponse;
export type RefreshResponse = LoginResponse;

/** A path id of /users/{id}: a positive whole number of at most 10 digits (PostgreSQL integer). */
export const UserIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(UserId.check(z.lte(2_147_483_647)));

/** Filled by the licensing service; 'none' until it does (SPEC.md section 2, admin users). */
export const LicenseStatus = z.enum(['none', 'inactive', 'active']);
export type LicenseStatus = z.infer<typeof LicenseStatus>;

/** A row of GET /users (admin). */
export const AdminUser = z.object({
  id: UserId,
  email: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
  license_status: LicenseStatus,
});
export type AdminUser = z.infer<typeof AdminUser>;

/** GET /users/{id} (admin) answers one user as the list shows it; 404 not_found 'User not found'. */
export const AdminUserResponse = AdminUser;
export type AdminUserResponse = AdminUser;

/** GET /users answers every user, oldest first. */
export const AdminUsersResponse = z.array(AdminUser);
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** PATCH /users/{id} (admin): display name and e-mail, trimmed, with the signup rules; at least one. */
export const UpdateUserRequest = z
  .object({
    display_name: RegisterRequest.shape.display_name.optional(),
    email: RegisterRequest.shape.email.optional(),
  })
  .refine((body) => body.display_name !== undefined || body.email !== undefined, {
    message: m.nothingToUpdate,
  });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const SignupOutcome = z.enum(['success', 'error']);
export type SignupOutcome = z.infer<typeof SignupOutcome>;

/** A registration attempt (successful or not) as GET /admin/signup-events lists it. */
export const SignupEvent = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  ip: z.string(),
  outcome: SignupOutcome,
  platform: z.string(),
  /** Why an attempt failed (validation_failed, email_taken, rate_limited); null on success. */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type SignupEvent = z.infer<typeof SignupEvent>;

/** Newest first; the next page is `before=<id of the last row>`. */
export const SignupEventsResponse = z.array(SignupEvent);
export type SignupEventsResponse = z.infer<typeof SignupEventsResponse>;

/** An empty query value (`?email=`) means "no filter". */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);
const filter = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional());
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** A calendar date (YYYY-MM-DD, a whole UTC day) or an ISO-8601 instant with its offset. */
export const DateOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * GET /admin/signup-events?email=&outcome=&ip=&platform=&from=&to=&limit=100&before=
 * email: part of the address, any case; ip: exact; platform: exact, any case; from/to: inclusive;
 * limit 1-100 (default 100); before: only events with a smaller id (paging).
 */
export const SignupEventsQuery = z.object({
  email: filter(z.string().trim().max(LIMITS.filterMax)),
  outcome: z.preprocess(blankAsUnset, z.enum(['any', 'success', 'error']).default('any')),
  ip: filter(z.string().trim().max(64)),
  platform: filter(z.string().trim().max(64)),
  from: filter(DateOrInstant),
  to: filter(DateOrInstant),
  limit: z.preprocess(blankAsUnset, wholeNumber(LIMITS.signupEventsPage).default(LIMITS.signupEventsPage)),
  before: filter(wholeNumber(2_147_483_647)),
});
export type SignupEventsQuery = z.infer<typeof SignupEventsQuery>;

/** The sorts of GET /users pages (text sorts ignore case). */
export const USERS_PAGE = definePage({
  columns: { id: 'int', email: 'text', name: 'text', created_at: 'instant', is_admin: 'bool' },
  defaultSort: 'id',
});

/**
 * GET /users?q=&sort=&limit=&cursor=&ids= (admin). With any of these it answers a page (UsersPageResponse);
 * without, every user as SPEC.md says. q: part of the e-mail or name, any case, or the id. ids: only these
 * users (at most LIMITS.userIdsMax; the console looks up device owners and audit actors with it).
 */
export const UsersQuery = z
  .object({ ...pageQueryShape(USERS_PAGE), ids: idListParam(LIMITS.userIdsMax) })
  .transform(({ ids, ...fields }, ctx) => ({ page: toPageRequest(USERS_PAGE, fields, ctx), ids }));
export type UsersQuery = z.infer<typeof UsersQuery>;
/** The query keys of GET /users that ask for a page besides the page keys themselves. */
export const USERS_PAGE_FILTER_KEYS = ['ids'] as const;

export const UsersPageResponse = pageAnswer(AdminUser);
export type UsersPageResponse = z.infer<typeof UsersPageResponse>;

/** The sorts of GET /admin/signup-events pages. */
export const SIGNUP_EVENTS_PAGE = definePage({
  columns: { created_at: 'instant', email: 'text', ip: 'text', platform: 'text', outcome: 'text' },
  defaultSort: '-created_at',
});
/** limit alone is the old paging of signup events (with before=): it still answers a bare list. */
export const SIGNUP_EVENTS_LEGACY_PAGE_KEYS = ['limit'] as const;

/**
 * GET /admin/signup-events as a page: SignupEventsQuery's filters with q (part of the e-mail or the IP),
 * sort, limit (1 to PAGE_LIMITS.limitMax) and cursor; before= belongs to the old paging and is refused.
 */
export const SignupEventsPageQuery = SignupEventsQuery.omit({ limit: true, before: true })
  .extend({
    ...pageQueryShape(SIGNUP_EVENTS_PAGE),
    before: filter(z.undefined({ error: 'before pages the old list: use cursor with q, sort or cursor' })),
  })
  .transform(({ q, sort, limit, cursor, before: _before, ...filters }, ctx) => ({
    ...filters,
    page: toPageRequest(SIGNUP_EVENTS_PAGE, { q, sort, limit, cursor }, ctx),
  }));
export type SignupEventsPageQuery = z.infer<typeof SignupEventsPageQuery>;

export const SignupEventsPageResponse = pageAnswer(SignupEvent);
export type SignupEventsPageResponse = z.infer<typeof SignupEventsPageResponse>;
