import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { LICENSE_ALG, type DeviceLicenseClaims, type LicenseJwk } from '@pitclock/contracts/schemas';

/** The licence signing key: ES256 (ECDSA P-256), so that every browser's WebCrypto can verify offline. */
export type LicenseKey = {
  kid: string;
  alg: typeof LICENSE_ALG;
  privateKey: KeyObject;
  publicJwk: LicenseJwk;
  publicPem: string;
};

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** RFC 7638 thumbprint of an EC public key (SHA-256 over crv, kty, x, y in that order), base64url. */
export const jwkThumbprint = (jwk: Pick<JsonWebKey, 'crv' | 'kty' | 'x' | 'y'>): string =>
  b64url(
    createHash('sha256')
      .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
      .digest(),
  );

/** The key from an EC P-256 private key in PEM; its kid is the thumbprint of its public key. */
export const licenseKeyFromPem = (privateKeyPem: string): LicenseKey => {
  const privateKey = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('the licence key must be an EC P-256 private key (ES256)');
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  const kid = jwkThumbprint(jwk);
  return {
    kid,
    alg: LICENSE_ALG,
    privateKey,
    publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, kid, alg: LICENSE_ALG, use: 'sig' },
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** A new P-256 key pair as PEM (PKCS#8 private, SPKI public). */
export const generateLicenseKeyPem = (): { privateKeyPem: string; publicKeyPem: string } => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A device licence: a compact JWS `header.payload.signature` (base64url), header {alg: ES256, typ: JWT,
 * kid}, payload {sub: user id, device_id: the client's device id, iat, exp, kid}, signature r||s (64 bytes,
 * the JWS and WebCrypto form). verifyDeviceLicense in contracts checks it.
 */
export const signDeviceLicense = (
  key: LicenseKey,
  {
    userId,
    deviceUid,
    issuedAt,
    expiresAt,
  }: { userId: number; deviceUid: string; issuedAt: Date; expiresAt: Date },
): string => {
  const claims: DeviceLicenseClaims = {
    sub: String(userId),
    device_id: deviceUid,
    iat: seconds(issuedAt),
    exp: seconds(expiresAt),
    kid: key.kid,
  };
  const input = `${b64url(JSON.stringify({ alg: key.alg, typ: 'JWT', kid: key.kid }))}.${b64url(JSON.stringify(claims))}`;
  const signature = createSign('SHA256')
    .update(input)
    .sign({ key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${b64url(signature)}`;
};

/**
 * Runs load once and shares its promise; a failed load is forgotten so that the next call tries again
 * (a database that was down at the first request does not break the process for good).
 */
export const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
};
