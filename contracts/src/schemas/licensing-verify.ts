// Offline verification of a device licence with jose over WebCrypto, so the cook-app can verify in the
// browser with the public key it cached from GET /api/licenses/public-key (licensing-token.ts reads the
// token; this checks its signature). No zod, no Node, nothing at import time.
import { compactVerify, errors, importJWK, importSPKI } from 'jose';
import {
  LICENSE_ALG,
  readDeviceLicense,
  type LicensePublicKey,
  type LicenseVerification,
} from './licensing-token';

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
