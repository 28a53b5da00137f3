import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createTestLicenseKey } from '../license/test-license-key';
import { readDeviceLicense } from './licensing-token';
import { verifyDeviceLicense } from './licensing-verify';

// A licence signed ES256 (IEEE P1363 signature) with Node's crypto, by hand, as another implementation
// would: verified with jose over WebCrypto, as the browser does. Hand-made tokens also carry the headers
// no signing library would write (alg none, HS256 over an EC signature).
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

  it('leaves expiry to the caller: a licence past its exp still verifies, with its claims', async () => {
    const expired = { ...claims, iat: 1_000_000, exp: 1_000_001 };
    expect(await verifyDeviceLicense(sign(privateKey, expired), jwk)).toEqual({ ok: true, claims: expired });
  });

  it("compares the kid given in the options over the key's own, and a PEM with surrounding blanks imports", async () => {
    const token = sign(privateKey, claims);
    expect(await verifyDeviceLicense(token, pem, { kid: 'k2' })).toEqual({ ok: false, reason: 'key' });
    expect(await verifyDeviceLicense(token, `\n  ${pem}\n`, { kid: 'k1' })).toEqual({ ok: true, claims });
  });

  it("answers 'key' for a JWK that is not an EC public key, and without WebCrypto (an insecure origin)", async () => {
    const token = sign(privateKey, claims);
    expect(await verifyDeviceLicense(token, { kty: 'oct', kid: 'k1' })).toEqual({ ok: false, reason: 'key' });
    expect(await verifyDeviceLicense(token, { ...jwk, crv: 'P-384' })).toEqual({ ok: false, reason: 'key' });
    vi.stubGlobal('crypto', {});
    try {
      expect(await verifyDeviceLicense(token, jwk)).toEqual({ ok: false, reason: 'key' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('accepts a licence signed with jose (as the licensing service signs)', async () => {
    const key = await createTestLicenseKey('k9');
    const token = await key.sign({ ...claims, kid: 'k9' });
    expect(await verifyDeviceLicense(token, key.jwk)).toEqual({ ok: true, claims: { ...claims, kid: 'k9' } });
  });

  it('property: changing any one character of a signed licence never leaves it valid', async () => {
    const token = sign(privateKey, claims);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...alphabet),
        async (index, replacement) => {
          fc.pre(token[index] !== replacement);
          const changed = token.slice(0, index) + replacement + token.slice(index + 1);
          const result = await verifyDeviceLicense(changed, jwk);
          // base64url's last character of a part may carry unused bits: the same bytes, the same licence.
          const bytes = (jws: string) =>
            jws.split('.').map((part) => Buffer.from(part, 'base64url').toString('hex'));
          return !result.ok || bytes(changed).join('.') === bytes(token).join('.');
        },
      ),
      { numRuns: 200 },
    );
  });
});
