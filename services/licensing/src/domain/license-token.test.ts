import { generateKeyPairSync } from 'node:crypto';
import { readDeviceLicense, verifyDeviceLicense } from '@pitclock/contracts/schemas';
import { describe, expect, it, vi } from 'vitest';
import {
  generateLicenseKeyPem,
  jwkThumbprint,
  licenseKeyFromPem,
  once,
  signDeviceLicense,
} from './license-token';

describe('device licence tokens (ES256 compact JWS)', () => {
  const key = licenseKeyFromPem(generateLicenseKeyPem().privateKeyPem);
  const issuedAt = new Date('2026-06-01T12:00:00.900Z');
  const expiresAt = new Date('2027-06-01T12:00:00.100Z');

  it('holds user, device, issued, expiry and kid, and verifies with WebCrypto in Node', async () => {
    const token = signDeviceLicense(key, { userId: 42, deviceUid: 'dev-9', issuedAt, expiresAt });
    expect(token.split('.')).toHaveLength(3);
    const read = readDeviceLicense(token)!;
    expect(read.header).toEqual({ alg: 'ES256', kid: key.kid });
    expect(read.claims).toEqual({
      sub: '42',
      device_id: 'dev-9',
      iat: Math.floor(issuedAt.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
      kid: key.kid,
    });
    expect(await verifyDeviceLicense(token, key.publicJwk, { subtle: globalThis.crypto.subtle })).toEqual({
      ok: true,
      claims: read.claims,
    });
    expect((await verifyDeviceLicense(token, key.publicPem)).ok).toBe(true);
  });

  it('the kid is the RFC 7638 thumbprint of the public key (same key, same kid)', () => {
    const pem = generateLicenseKeyPem().privateKeyPem;
    expect(licenseKeyFromPem(pem).kid).toBe(licenseKeyFromPem(pem).kid);
    expect(jwkThumbprint({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' })).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a key that is not EC P-256', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => licenseKeyFromPem(rsa.toString())).toThrow(/P-256/);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => licenseKeyFromPem(p384.toString())).toThrow(/P-256/);
  });
});

describe('once', () => {
  it('shares one load, and forgets a failed one so the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('db down'))
      .mockResolvedValue(7);
    const get = once(load);
    await expect(get()).rejects.toThrow('db down');
    expect(await Promise.all([get(), get()])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
