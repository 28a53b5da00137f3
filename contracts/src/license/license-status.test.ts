import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../session/memory-storage';
import { LICENSE_GRACE_MS } from './license-rules';
import { deviceLicenseStatus } from './license-status';
import { createLicenseStore } from './license-store';
import { createTestLicenseKey, type TestLicenseKey } from './test-license-key';

const DEVICE = 'device-Mozilla/5.0 (X11; Linux x-abc123';
const EXP = 1_800_000_000;
const claims = { sub: '7', device_id: DEVICE, iat: EXP - 86_400 * 365, exp: EXP, kid: 'k1' };
const beforeExpiry = EXP * 1000 - 1;

let key: TestLicenseKey;
beforeAll(async () => {
  key = await createTestLicenseKey('k1');
});

/** A store holding `token` (when given) and the test key's JWK (unless withKey is false). */
function storeWith(token: string | null, withKey = true) {
  const store = createLicenseStore({ local: createMemoryStorage() });
  if (token !== null) store.save({ license: token });
  if (withKey) store.setPublicKey(key.jwk);
  return store;
}

describe('deviceLicenceStatus (offline, WebCrypto)', () => {
  it('accepts a licence signed with the cached key for this device, and gives its claims and expiry', async () => {
    const store = storeWith(await key.sign(claims));
    expect(await deviceLicenseStatus(store, { deviceId: DEVICE, nowMs: beforeExpiry })).toEqual({
      ok: true,
      claims,
      expiryMs: EXP * 1000,
    });
  });

  it("answers 'none' without a stored licence and 'no-key' without a cached public key", async () => {
    expect(await deviceLicenseStatus(storeWith(null), { deviceId: DEVICE, nowMs: beforeExpiry })).toEqual({
      ok: false,
      reason: 'none',
    });
    const noKey = storeWith(await key.sign(claims), false);
    expect(await deviceLicenseStatus(noKey, { deviceId: DEVICE, nowMs: beforeExpiry })).toEqual({
      ok: false,
      reason: 'no-key',
    });
  });

  it("answers 'invalid' for a licence of another key, a tampered licence, another kid and garbage", async () => {
    const other = await createTestLicenseKey('k1');
    const signed = await key.sign(claims);
    const [header, , signature] = signed.split('.');
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: EXP + 86_400 * 365 })).toString('base64url');
    const tokens = [
      await other.sign(claims),
      `${header}.${longer}.${signature}`,
      await key.sign(claims, { alg: 'ES256', typ: 'JWT', kid: 'k0' }),
      'not-a-licence',
    ];
    for (const token of tokens) {
      expect(await deviceLicenseStatus(storeWith(token), { deviceId: DEVICE, nowMs: beforeExpiry })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it("answers 'other-device' for a valid licence of another device id", async () => {
    const store = storeWith(await key.sign({ ...claims, device_id: 'device-other-zzz999' }));
    expect(await deviceLicenseStatus(store, { deviceId: DEVICE, nowMs: beforeExpiry })).toEqual({
      ok: false,
      reason: 'other-device',
    });
  });

  it('still accepts an expired licence up to the last millisecond of the 7-day grace, not one after', async () => {
    const store = storeWith(await key.sign(claims));
    const lastGraceMs = EXP * 1000 + LICENSE_GRACE_MS;
    expect(await deviceLicenseStatus(store, { deviceId: DEVICE, nowMs: lastGraceMs })).toMatchObject({
      ok: true,
    });
    expect(await deviceLicenseStatus(store, { deviceId: DEVICE, nowMs: lastGraceMs + 1 })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it("answers 'invalid' where the browser gives no WebCrypto (a page served over plain http)", async () => {
    const store = storeWith(await key.sign(claims));
    vi.stubGlobal('crypto', {});
    try {
      expect(await deviceLicenseStatus(store, { deviceId: DEVICE, nowMs: beforeExpiry })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
