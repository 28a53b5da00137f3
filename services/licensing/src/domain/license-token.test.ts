import { createHash, generateKeyPairSync } from 'node:crypto';
import { readDeviceLicense, verifyDeviceLicense } from '@pitclock/contracts/schemas';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  generateLicenseKeyPem,
  jwkThumbprint,
  licenseKeyFromPem,
  once,
  signDeviceLicense,
  type LicenseKey,
} from './license-token';

describe('device licence tokens (ES256 compact JWS)', () => {
  let key: LicenseKey;
  beforeAll(async () => {
    key = await licenseKeyFromPem(generateLicenseKeyPem().privateKeyPem);
  });
  const issuedAt = new Date('2026-06-01T12:00:00.900Z');
  const expiresAt = new Date('2027-06-01T12:00:00.100Z');

  it('holds user, device, issued, expiry and kid, and verifies with jose over WebCrypto in Node', async () => {
    const token = await signDeviceLicense(key, { userId: 42, deviceUid: 'dev-9', issuedAt, expiresAt });
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
    expect(await verifyDeviceLicense(token, key.publicJwk)).toEqual({
      ok: true,
      claims: read.claims,
    });
    expect((await verifyDeviceLicense(token, key.publicPem)).ok).toBe(true);
  });

  it('the kid is the RFC 7638 thumbprint of the public key (same key, same kid)', async () => {
    const pem = generateLicenseKeyPem().privateKeyPem;
    expect((await licenseKeyFromPem(pem)).kid).toBe((await licenseKeyFromPem(pem)).kid);
    expect(await jwkThumbprint({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' })).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('kids do not change: the thumbprint is SHA-256 over {crv, kty, x, y} in that order (RFC 7638, EC)', async () => {
    const { x, y } = key.publicJwk;
    const members = JSON.stringify({ crv: 'P-256', kty: 'EC', x, y });
    expect(key.kid).toBe(createHash('sha256').update(members).digest('base64url'));
  });

  it('reads a SEC1 PEM ("BEGIN EC PRIVATE KEY") as well as PKCS#8, with the same kid', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const sec1 = privateKey.export({ type: 'sec1', format: 'pem' }).toString();
    expect(sec1).toContain('BEGIN EC PRIVATE KEY');
    const fromSec1 = await licenseKeyFromPem(sec1);
    expect(fromSec1.kid).toBe((await licenseKeyFromPem(pkcs8)).kid);
    const token = await signDeviceLicense(fromSec1, { userId: 1, deviceUid: 'd', issuedAt, expiresAt });
    expect((await verifyDeviceLicense(token, fromSec1.publicPem)).ok).toBe(true);
  });

  it('refuses a key that is not EC P-256', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    await expect(licenseKeyFromPem(rsa.toString())).rejects.toThrow(/P-256/);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    await expect(licenseKeyFromPem(p384.toString())).rejects.toThrow(/P-256/);
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
