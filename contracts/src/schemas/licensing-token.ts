// A device licence (a compact JWS signed ES256 by the licensing service) read without its signature:
// its types and claims, with jose's decoders only. The signature check is licensing-verify.ts (jose's
// WebCrypto part), which the browser loads when it checks a licence, not with every page. No zod, no
// Node, nothing at import time. ES256 (ECDSA P-256, SHA-256) is chosen over EdDSA because every
// browser's WebCrypto verifies it.
import { decodeJwt, decodeProtectedHeader } from 'jose';

export const LICENSE_ALG = 'ES256';

/** The claims of a device licence: user, device (the client's device id), issued and expiry (epoch seconds). */
export type DeviceLicenseClaims = {
  sub: string;
  device_id: string;
  iat: number;
  exp: number;
  kid: string;
};

/** An EC public JWK (typed here without the DOM library, so that Node services compile this file too). */
export type LicenseJwkLike = {
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
  kid?: string;
  alg?: string;
  use?: string;
};

/** The public key as served: a JWK (EC P-256) or an SPKI PEM ("-----BEGIN PUBLIC KEY-----"). */
export type LicensePublicKey = LicenseJwkLike | string;

export type LicenseVerification =
  | { ok: true; claims: DeviceLicenseClaims }
  | { ok: false; reason: 'malformed' | 'algorithm' | 'key' | 'signature' };

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** jose's decoders throw on anything that is not base64url JSON objects in a three-part token. */
const decodeOrNull = (token: string) => {
  try {
    return { header: decodeProtectedHeader(token), payload: decodeJwt(token) };
  } catch {
    return null;
  }
};

/**
 * The header and claims of a licence token without checking the signature (for display only), or null
 * when it is not a three-part token with an alg in its header and the licence claims.
 */
export const readDeviceLicense = (
  token: unknown,
): { header: { alg: string; kid: string | undefined }; claims: DeviceLicenseClaims } | null => {
  if (typeof token !== 'string') return null;
  const decoded = decodeOrNull(token);
  if (decoded === null || typeof decoded.header.alg !== 'string') return null;
  const { sub, device_id, iat, exp, kid } = decoded.payload;
  if (typeof sub !== 'string' || typeof device_id !== 'string' || !isWhole(iat) || !isWhole(exp)) return null;
  const headerKid = decoded.header.kid;
  return {
    header: { alg: decoded.header.alg, kid: typeof headerKid === 'string' ? headerKid : undefined },
    claims: { sub, device_id, iat, exp, kid: typeof kid === 'string' ? kid : '' },
  };
};
