// Offline verification of a device licence (a compact JWS signed ES256 by the licensing service), with
// jose over WebCrypto: no zod, no Node, nothing at import time, so the cook-app can verify in the browser
// with the public key it cached from GET /api/licenses/public-key. ES256 (ECDSA P-256, SHA-256) is chosen
// over EdDSA because every browser's WebCrypto verifies it.
import { compactVerify, decodeJwt, decodeProtectedHeader, errors, importJWK, importSPKI } from 'jose';

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

/** Rejects a key that is not an EC P-256 public key (JWK or PEM), and any key without WebCrypto (insecure origin). */
const importPublicKey = async (key: LicensePublicKey) => {
  if (typeof key === 'string') return importSPKI(key.trim(), LICENSE_ALG);
  // importJWK would hand an `oct` JWK back as bytes rather than refuse it.
  if (key.kty !== 'EC') throw new TypeError('not an EC public key');
  return importJWK(key, LICENSE_ALG);
};

/**
 * Verifies a device licence with the licensing service's public key: a three-part token with the licence
 * claims, header alg ES256 (any other algorithm, `none` included, is refused), the same kid as the key
 * when both carry one, and a valid P-256 signature. Expiry is not judged here: the caller compares
 * claims.exp with its clock (the licence banner has a grace period), hence compactVerify, not jwtVerify.
 */
export const verifyDeviceLicense = async (
  token: unknown,
  publicKey: LicensePublicKey,
  { kid }: { kid?: string } = {},
): Promise<LicenseVerification> => {
  const read = readDeviceLicense(token);
  if (read === null) return { ok: false, reason: 'malformed' };
  if (read.header.alg !== LICENSE_ALG) return { ok: false, reason: 'algorithm' };
  const keyId = kid ?? (typeof publicKey === 'string' ? undefined : publicKey.kid);
  if (keyId !== undefined && read.header.kid !== undefined && read.header.kid !== keyId) {
    return { ok: false, reason: 'key' };
  }
  let key: Awaited<ReturnType<typeof importPublicKey>>;
  try {
    key = await importPublicKey(publicKey);
  } catch {
    return { ok: false, reason: 'key' };
  }
  try {
    await compactVerify(token as string, key, { algorithms: [LICENSE_ALG] });
    return { ok: true, claims: read.claims };
  } catch (error) {
    // Header and payload were read above: what jose still refuses is the algorithm or the signature.
    return { ok: false, reason: error instanceof errors.JOSEAlgNotAllowed ? 'algorithm' : 'signature' };
  }
};
