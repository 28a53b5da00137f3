// Offline verification of a device licence (a compact JWS signed ES256 by the licensing service), with
// WebCrypto only: no zod, no Node, nothing at import time, so the cook-app can verify in the browser with
// the public key it cached from GET /api/licenses/public-key. ES256 (ECDSA P-256, SHA-256) is chosen over
// EdDSA because every browser's WebCrypto verifies it.

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

/** The part of WebCrypto's SubtleCrypto used here (the browser's and Node's globalThis.crypto.subtle). */
export type VerifyingSubtle = {
  importKey(
    format: 'jwk' | 'spki',
    keyData: object,
    algorithm: { name: string; namedCurve: string },
    extractable: boolean,
    keyUsages: readonly 'verify'[],
  ): Promise<object>;
  verify(
    algorithm: { name: string; hash: string },
    key: object,
    signature: Uint8Array<ArrayBuffer>,
    data: Uint8Array<ArrayBuffer>,
  ): Promise<boolean>;
};

const defaultSubtle = (): VerifyingSubtle | undefined =>
  (globalThis as { crypto?: { subtle?: VerifyingSubtle } }).crypto?.subtle;

export type LicenseVerification =
  | { ok: true; claims: DeviceLicenseClaims }
  | { ok: false; reason: 'malformed' | 'algorithm' | 'key' | 'signature' };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

const fromBase64Url = (segment: string): Uint8Array<ArrayBuffer> | null => {
  if (!BASE64URL.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
};

const readJson = (segment: string): Record<string, unknown> | null => {
  const bytes = fromBase64Url(segment);
  if (bytes === null) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * The header and claims of a licence token without checking the signature (for display only), or null
 * when it is not a three-part token with an ES256 header and the licence claims.
 */
export const readDeviceLicense = (
  token: unknown,
): { header: { alg: string; kid: string | undefined }; claims: DeviceLicenseClaims } | null => {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const header = readJson(parts[0]!);
  const payload = readJson(parts[1]!);
  if (header === null || payload === null || typeof header.alg !== 'string') return null;
  const { sub, device_id, iat, exp, kid } = payload;
  if (typeof sub !== 'string' || typeof device_id !== 'string' || !isWhole(iat) || !isWhole(exp)) return null;
  return {
    header: { alg: header.alg, kid: typeof header.kid === 'string' ? header.kid : undefined },
    claims: { sub, device_id, iat, exp, kid: typeof kid === 'string' ? kid : '' },
  };
};

const importKey = async (subtle: VerifyingSubtle, key: LicensePublicKey): Promise<object> => {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  if (typeof key !== 'string') return subtle.importKey('jwk', key, algorithm, false, ['verify']);
  const body = key
    .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
    .replace(/\s+/g, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/(?<!=)=+$/, '');
  const der = fromBase64Url(body);
  if (der === null) throw new Error('not a PEM public key');
  return subtle.importKey('spki', der, algorithm, false, ['verify']);
};

/**
 * Verifies a device licence with the licensing service's public key: three base64url parts, header alg
 * ES256 (any other algorithm, `none` included, is refused), the same kid as the key when both carry one,
 * and a valid P-256 signature over "header.payload". Expiry is not judged here: the caller compares
 * claims.exp with its clock (the licence banner has a grace period).
 */
export const verifyDeviceLicense = async (
  token: unknown,
  publicKey: LicensePublicKey,
  { subtle = defaultSubtle(), kid }: { subtle?: VerifyingSubtle; kid?: string } = {},
): Promise<LicenseVerification> => {
  const read = readDeviceLicense(token);
  if (read === null) return { ok: false, reason: 'malformed' };
  if (read.header.alg !== LICENSE_ALG) return { ok: false, reason: 'algorithm' };
  const keyId = kid ?? (typeof publicKey === 'string' ? undefined : publicKey.kid);
  if (keyId !== undefined && read.header.kid !== undefined && read.header.kid !== keyId) {
    return { ok: false, reason: 'key' };
  }
  const [header, payload, signature] = (token as string).split('.') as [string, string, string];
  const signatureBytes = fromBase64Url(signature);
  if (signatureBytes === null || signatureBytes.length !== 64) return { ok: false, reason: 'signature' };
  if (!subtle) return { ok: false, reason: 'key' };
  let key: object;
  try {
    key = await importKey(subtle, publicKey);
  } catch {
    return { ok: false, reason: 'key' };
  }
  const data = new TextEncoder().encode(`${header}.${payload}`);
  const valid = await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signatureBytes, data);
  return valid ? { ok: true, claims: read.claims } : { ok: false, reason: 'signature' };
};
