import * as z from 'zod/mini';
import { LICENSE_ALG } from './licensing-token';

// The licensing answers the shell reads on a signed-in device's first page (its online licence check,
// license/license-online.ts, which loads this module alone), written with zod/mini as every schema the
// browser evaluates on its first pages (see sync-answers.ts); licensing.ts re-exports them for the
// services and the OpenAPI document.

const text = () => z.string().check(z.minLength(1));

/** A public JWK of the licence key (EC P-256). */
export const LicenseJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: text(),
  y: text(),
  kid: text(),
  alg: z.literal(LICENSE_ALG),
  use: z.literal('sig'),
});
export type LicenseJwk = z.infer<typeof LicenseJwk>;

/** GET /licenses/public-key (anyone): what the app caches to verify licences offline. */
export const LicensePublicKeyResponse = z.object({
  alg: z.literal(LICENSE_ALG),
  kid: text(),
  public_key: LicenseJwk,
  public_key_pem: z.string().check(z.startsWith('-----BEGIN PUBLIC KEY-----')),
});
export type LicensePublicKeyResponse = z.infer<typeof LicensePublicKeyResponse>;

/**
 * POST /licenses/check (signed in): active: a freshly signed licence (same expiry) comes with it;
 * revoked: an admin revoked the device (the app drops its licence); expired: the licence ran out; none:
 * this user has no licence on this device.
 */
export const LicenseCheckResponse = z.object({
  status: z.enum(['active', 'revoked', 'expired', 'none']),
  license: z.optional(z.string()),
  expires_at: z.nullable(z.string()),
});
export type LicenseCheckResponse = z.infer<typeof LicenseCheckResponse>;
