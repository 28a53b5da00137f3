import { createPrivateKey } from 'node:crypto';
import { baseConfigSchema, portVar } from '@pitclock/kit';
import { z } from 'zod';

const whole = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** A PEM in one environment line may carry its newlines as the two characters `\n`. */
export const readPem = (value: string): string => value.replace(/\\n/g, '\n').trim();

/** True when the PEM is an EC P-256 private key (the only key ES256 signs with). */
const isP256PrivateKey = (value: string): boolean => {
  try {
    const key = createPrivateKey(readPem(value));
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
};

export const licensingConfigSchema = baseConfigSchema.extend({
  PORT: portVar(3002),
  /** The auth service, asked GET /api/me with the caller's token to learn whether the caller is an admin. */
  AUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:3001'),
  /** How long an admin answer of the auth service is reused for the same token (0 = ask every time). */
  ADMIN_CHECK_CACHE_SECONDS: whole(15, 0, 300),
  /** How long the auth service may take to answer before an admin route answers 503. */
  AUTH_TIMEOUT_MS: whole(3_000, 100, 60_000),
  /** Licence length when the promo code has no license_days, and for activations. */
  DEFAULT_LICENSE_DAYS: whole(365, 1, 36_500),
  /** Lifetime of an activation code. */
  ACTIVATION_CODE_TTL_MINUTES: whole(60, 1, 10_080),
  /**
   * The licence signing key: an EC P-256 private key in PEM (PKCS#8 or SEC1). When unset, one is generated
   * at the first start and kept in the licensing database, so every instance signs with the same key.
   */
  LICENSE_PRIVATE_KEY: z
    .string()
    .refine(isP256PrivateKey, 'must be an EC P-256 private key in PEM (ES256)')
    .transform(readPem)
    .optional(),
  /** Redeem and activation attempts per signed-in user (Redis counters, shared by every instance). */
  REDEEM_LIMIT_PER_USER_PER_MINUTE: whole(30, 1, 1_000_000),
  ACTIVATE_LIMIT_PER_USER_PER_MINUTE: whole(30, 1, 1_000_000),
});
export type LicensingConfig = z.infer<typeof licensingConfigSchema>;

/** What the app needs of the configuration (main.ts passes the whole LicensingConfig). */
export type LicensingAppConfig = Pick<
  LicensingConfig,
  | 'TRUST_PROXY'
  | 'REDIS_KEY_PREFIX'
  | 'JWT_SECRET'
  | 'JWT_AUDIENCE'
  | 'AUTH_URL'
  | 'ADMIN_CHECK_CACHE_SECONDS'
  | 'AUTH_TIMEOUT_MS'
  | 'DEFAULT_LICENSE_DAYS'
  | 'ACTIVATION_CODE_TTL_MINUTES'
  | 'LICENSE_PRIVATE_KEY'
  | 'REDEEM_LIMIT_PER_USER_PER_MINUTE'
  | 'ACTIVATE_LIMIT_PER_USER_PER_MINUTE'
>;
