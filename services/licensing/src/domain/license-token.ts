import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { LICENSE_ALG, type DeviceLicenseClaims, type LicenseJwk } from '@pitclock/contracts/schemas';
import { calculateJwkThumbprint, importPKCS8, SignJWT, type CryptoKey } from 'jose';

/** The licence signing key: ES256 (ECDSA P-256), so that every browser's WebCrypto can verify offline. */
export type LicenseKey = {
  kid: string;
  alg: typeof LICENSE_ALG;
  /** Imported once (not extractable), so that a key jose cannot use fails at load, not at a redemption. */
  privateKey: CryptoKey;
  publicJwk: LicenseJwk;
  publicPem: string;
};

/** RFC 7638 thumbprint of an EC public key (SHA-256 over crv, kty, x, y), base64url. */
export const jwkThumbprint = (jwk: { kty?: string; crv?: string; x?: string; y?: string }): Promise<string> =>
  calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, 'sha256');

/**
 * The key from an EC P-256 private key in PEM, PKCS#8 or SEC1 (Node reads both and hands jose PKCS#8);
 * its kid is the thumbprint of its public key.
 */
export const licenseKeyFromPem = async (privateKeyPem: string): Promise<LicenseKey> => {
  const nodeKey = createPrivateKey(privateKeyPem);
  if (nodeKey.asymmetricKeyType !== 'ec' || nodeKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('the licence key must be an EC P-256 private key (ES256)');
  }
  const publicKey = createPublicKey(nodeKey);
  const { x, y } = publicKey.export({ format: 'jwk' });
  const publicJwk = { kty: 'EC', crv: 'P-256', x: x!, y: y! } as const;
  const kid = await jwkThumbprint(publicJwk);
  return {
    kid,
    alg: LICENSE_ALG,
    privateKey: await importPKCS8(nodeKey.export({ type: 'pkcs8', format: 'pem' }).toString(), LICENSE_ALG),
    publicJwk: { ...publicJwk, kid, alg: LICENSE_ALG, use: 'sig' },
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
 * A device licence: a compact JWS (jose's SignJWT), header {alg: ES256, typ: JWT, kid}, payload {sub: user
 * id, device_id: the client's device id, iat, exp, kid}. verifyDeviceLicense in contracts checks it.
 */
export const signDeviceLicense = (
  key: LicenseKey,
  {
    userId,
    deviceUid,
    issuedAt,
    expiresAt,
  }: { userId: number; deviceUid: string; issuedAt: Date; expiresAt: Date },
): Promise<string> => {
  const claims: DeviceLicenseClaims = {
    sub: String(userId),
    device_id: deviceUid,
    iat: seconds(issuedAt),
    exp: seconds(expiresAt),
    kid: key.kid,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, typ: 'JWT', kid: key.kid })
    .sign(key.privateKey);
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
