import { baseConfigSchema, portVar } from '@pitclock/kit';
import { EMAIL_PATTERN, LIMITS } from '@pitclock/contracts/schemas';
import { z } from 'zod';

const whole = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const authConfigSchema = baseConfigSchema
  .extend({
    PORT: portVar(3001),
    /** The first admin, created at start when no account has this e-mail (never reset afterwards). */
    ADMIN_EMAIL: z
      .string()
      .trim()
      .max(LIMITS.emailMax, { abort: true })
      .regex(EMAIL_PATTERN, 'must be an e-mail address of the x@y.z shape')
      .optional(),
    /** Its password; when unset a random one is generated and printed once, at creation. */
    ADMIN_PASSWORD: z
      .string()
      .min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`)
      .max(LIMITS.passwordMax, `must be at most ${LIMITS.passwordMax} characters`)
      .optional(),
    /** Lifetime of an access token (JWT). */
    ACCESS_TOKEN_TTL_SECONDS: whole(900, 60, 86_400),
    /** Absolute lifetime of a refresh-token family: after it the user signs in again. */
    REFRESH_FAMILY_TTL_DAYS: whole(30, 1, 365),
    /** An already-used refresh token presented within this many seconds mints again (two tabs) instead of revoking. */
    REFRESH_REUSE_GRACE_SECONDS: whole(10, 0, 120),
    /** Sign-in attempts per client address (an IPv6 address by its /64), whatever their outcome. */
    LOGIN_LIMIT_PER_IP_PER_MINUTE: whole(20, 1, 1_000_000),
    /** Failed sign-ins per client address on any e-mails (credential stuffing from one address). */
    LOGIN_FAILURES_PER_IP_PER_HOUR: whole(100, 1, 1_000_000),
    /** Failed sign-ins on one e-mail from one client (address and device id); then 429, right password or not. */
    LOGIN_FAILURES_PER_CLIENT_PER_HOUR: whole(10, 1, 1_000_000),
    /**
     * Failed sign-ins on one e-mail from all clients; beyond them the account is under attack and each address
     * may fail once an hour on it. Never a lock-out: a client that has not failed is still checked.
     */
    LOGIN_FAILURES_PER_EMAIL_PER_HOUR: whole(100, 1, 1_000_000),
    REGISTER_LIMIT_PER_IP_PER_MINUTE: whole(20, 1, 1_000_000),
  })
  .superRefine((config, ctx) => {
    if (config.ADMIN_PASSWORD !== undefined && config.ADMIN_EMAIL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is set but ADMIN_EMAIL is not' });
    }
  });

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** What the app needs of the configuration (main.ts passes the whole AuthConfig). */
export type AuthAppConfig = Pick<
  AuthConfig,
  | 'JWT_SECRET'
  | 'JWT_AUDIENCE'
  | 'TRUST_PROXY'
  | 'ACCESS_TOKEN_TTL_SECONDS'
  | 'REFRESH_FAMILY_TTL_DAYS'
  | 'REFRESH_REUSE_GRACE_SECONDS'
  | 'LOGIN_LIMIT_PER_IP_PER_MINUTE'
  | 'LOGIN_FAILURES_PER_IP_PER_HOUR'
  | 'LOGIN_FAILURES_PER_CLIENT_PER_HOUR'
  | 'LOGIN_FAILURES_PER_EMAIL_PER_HOUR'
  | 'REGISTER_LIMIT_PER_IP_PER_MINUTE'
>;
