import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readDeviceLicense, verifyDeviceLicense } from './licensing-token';

// A licence signed the way the licensing service signs (ES256, IEEE P1363 signature), with Node's crypto;
// verified with WebCrypto (globalThis.crypto.subtle), as the browser does.
const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

const makeKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });

const sign = (
  privateKey: KeyObject,
  payload: object,
  header: object = { alg: 'ES256', typ: 'JWT', kid: 'k1' },
) => {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = createSign('SHA256').update(input).sign({ key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${b64(signature)}`;
};

const claims = { sub: '7', device_id: 'dev-abc', iat: 1_800_000_000, exp: 1_831_536_000, kid: 'k1' };

describe('verifyDeviceLicense (WebCrypto, offline)', () => {
  const { privateKey, publicKey } = makeKey();
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'k1' };
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('accepts a licence signed with the key, given as a JWK or as a PEM', async () => {
    const token = sign(privateKey, claims);
    expect(await verifyDeviceLicense(token, jwk)).toEqual({ ok: true, claims });
    expect(await verifyDeviceLicense(token, pem)).toEqual({ ok: true, claims });
    expect(readDeviceLicense(token)?.claims).toEqual(claims);
  });

  it('refuses a tampered payload, a signature of another key, alg none and a malformed token', async () => {
    const token = sign(privateKey, claims);
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${b64({ ...claims, exp: claims.exp + 86_400 })}.${signature}`;
    expect(await verifyDeviceLicense(tampered, jwk)).toEqual({ ok: false, reason: 'signature' });
    const other = sign(makeKey().privateKey, claims);
    expect(await verifyDeviceLicense(other, jwk)).toEqual({ ok: false, reason: 'signature' });
    const none = `${b64({ alg: 'none', kid: 'k1' })}.${b64(claims)}.`;
    expect(await verifyDeviceLicense(none, jwk)).toEqual({ ok: false, reason: 'algorithm' });
    const hs = sign(privateKey, claims, { alg: 'HS256', kid: 'k1' });
    expect(await verifyDeviceLicense(hs, jwk)).toEqual({ ok: false, reason: 'algorithm' });
    for (const bad of ['', 'a.b', 'x.y.z', null, 42, `${b64({ alg: 'ES256' })}.${b64({ sub: 7 })}.sig`])
      expect(await verifyDeviceLicense(bad, jwk)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a licence naming another key id, and a key that cannot be imported', async () => {
    const token = sign(privateKey, claims, { alg: 'ES256', kid: 'old' });
    expect(await verifyDeviceLicense(token, jwk)).toEqual({ ok: false, reason: 'key' });
    expect(await verifyDeviceLicense(sign(privateKey, claims), 'not a key')).toEqual({
      ok: false,
      reason: 'key',
    });
  });
});
