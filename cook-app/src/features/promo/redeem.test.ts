import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, createLicenceStore, createMemoryStorage, session } from '@pitclock/contracts';
import { createTestLicenceKey, licenceClaims, startApi } from './test-support';
import { redeemPromoCode } from './redeem';

beforeEach(() => {
  session.setTokens({ token: 'access-token' });
});

describe('redeemPromoCode', () => {
  it('stores the licence without waiting past keyWaitMs for a slow public key, and caches the key when it comes', async () => {
    const key = await createTestLicenceKey();
    const license = await key.sign(licenceClaims(key));
    const server = await startApi((req) =>
      req.path === '/api/promo-codes/redeem'
        ? {
            status: 201,
            json: { license, expires_at: '2027-06-01T00:00:00.000Z', device_id: 'd', user_id: 7 },
          }
        : {
            delayMs: 400,
            json: { alg: 'ES256', kid: key.jwk.kid, public_key: key.jwk, public_key_pem: key.pem },
          },
    );
    const client = createApiClient({ session, base: `${server.url}/api`, onSessionExpired: () => {} });
    const store = createLicenceStore({ local: createMemoryStorage() });

    const outcome = await redeemPromoCode('SMOKE26', { client, store, keyWaitMs: 50 });
    // The expiry the stored licence reads (its exp claim).
    expect(outcome).toEqual({ ok: true, expiryMs: licenceClaims(key).exp * 1000 });
    expect(store.getExpiryMs()).toBe(licenceClaims(key).exp * 1000);
    expect(store.getLicence()).toBe(license);
    expect(store.getPublicKey()).toBeNull();
    await expect.poll(() => store.getPublicKey(), { timeout: 2000 }).toEqual(key.jwk);
  });
});
