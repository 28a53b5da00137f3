import { beforeEach, describe, expect, it } from 'vitest';
import { held } from '@pitclock/contracts/testing';
import { createApiClient, createLicenseStore, createMemoryStorage, session } from '@pitclock/contracts';
import { createTestLicenseKey, licenseClaims, startApi } from './test-support';
import { redeemPromoCode } from './redeem';

beforeEach(() => {
  session.setTokens({ token: 'access-token' });
});

describe('redeemPromoCode', () => {
  it('stores the licence without waiting past keyWaitMs for a slow public key, and caches the key when it comes', async () => {
    const key = await createTestLicenseKey();
    const license = await key.sign(licenseClaims(key));
    // The public key's answer waits until the licence is stored.
    const publicKey = held({
      json: { alg: 'ES256', kid: key.jwk.kid, public_key: key.jwk, public_key_pem: key.pem },
    });
    const server = await startApi((req) =>
      req.path === '/api/promo-codes/redeem'
        ? {
            status: 201,
            json: { license, expires_at: '2027-06-01T00:00:00.000Z', device_id: 'd', user_id: 7 },
          }
        : publicKey.reply,
    );
    const client = createApiClient({ session, base: `${server.url}/api`, onSessionExpired: () => {} });
    const store = createLicenseStore({ local: createMemoryStorage() });

    const outcome = await redeemPromoCode('SMOKE26', { client, store, keyWaitMs: 50 });
    // The expiry the stored licence reads (its exp claim).
    expect(outcome).toEqual({ ok: true, expiryMs: licenseClaims(key).exp * 1000 });
    expect(store.getExpiryMs()).toBe(licenseClaims(key).exp * 1000);
    expect(store.getLicense()).toBe(license);
    expect(store.getPublicKey()).toBeNull();
    publicKey.release();
    await expect.poll(() => store.getPublicKey(), { timeout: 2000 }).toEqual(key.jwk);
  });
});
