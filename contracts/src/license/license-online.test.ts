import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../http/api-client';
import { createMemoryStorage } from '../session/memory-storage';
import { createSessionStore } from '../session/session-store';
import {
  closedPortUrl,
  makeJwt,
  startTestServer,
  type Reply,
  type TestServer,
} from '../test-support/test-server';
import { checkLicenseOnline, fetchLicensePublicKey } from './license-online';
import { createLicenseStore } from './license-store';
import { createTestLicenseKey, type TestLicenseKey } from './test-license-key';

const DEVICE = 'device-Mozilla/5.0 (X11; Linux x-abc123';
const EXP = 1_800_000_000;
const RENEWED_EXP = EXP + 86_400 * 30;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

let key: TestLicenseKey;
let stored: string;
let renewed: string;
beforeAll(async () => {
  key = await createTestLicenseKey('k1');
  stored = await key.sign({ sub: '7', device_id: DEVICE, iat: EXP - 86_400, exp: EXP, kid: 'k1' });
  renewed = await key.sign({ sub: '7', device_id: DEVICE, iat: EXP, exp: RENEWED_EXP, kid: 'k1' });
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A signed-in client on `baseUrl` and a licence store holding a licence, a promo code and the key. */
function setup(baseUrl: string) {
  const local = createMemoryStorage();
  const session = createSessionStore({ local, session: createMemoryStorage() });
  session.setTokens({ token: makeJwt({ sub: '7', exp: 4_000_000_000 }) });
  const client = createApiClient({ session, base: `${baseUrl}/api`, onSessionExpired: () => {} });
  const store = createLicenseStore({ local });
  store.save({ license: stored, promoCode: 'BETA-2026' });
  store.setPublicKey(key.jwk);
  return { client, store };
}

async function serve(reply: Reply) {
  server = await startTestServer(() => reply);
  return { server, ...setup(server.url) };
}

const keyAnswer = () => ({
  alg: 'ES256',
  kid: 'k1',
  public_key: key.jwk,
  public_key_pem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n',
});

describe('fetchLicensePublicKey', () => {
  it('GETs /api/licenses/public-key without a bearer, caches the JWK and returns it', async () => {
    const { server, client } = await serve({ json: keyAnswer() });
    const store = createLicenseStore({ local: createMemoryStorage() });
    const jwk = await fetchLicensePublicKey(client, store);
    expect(jwk).toEqual(key.jwk);
    expect(store.getPublicKey()).toEqual(key.jwk);
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/api/licenses/public-key']]);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('throws on an answer of another shape and keeps the cached key', async () => {
    const { client, store } = await serve({ json: { alg: 'HS256', public_key: 'secret' } });
    await expect(fetchLicensePublicKey(client, store)).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(store.getPublicKey()).toEqual(key.jwk);
  });
});

describe('checkLicenseOnline', () => {
  it("'active' POSTs the device id with the bearer and stores the renewed licence, keeping the promo code", async () => {
    const { server, client, store } = await serve({
      json: { status: 'active', license: renewed, expires_at: iso(RENEWED_EXP) },
    });
    expect(await checkLicenseOnline(client, store, DEVICE)).toBe('active');
    const [request] = server.on('/api/licenses/check');
    expect(request).toMatchObject({ method: 'POST', json: { device_id: DEVICE } });
    expect(request!.headers.authorization).toMatch(/^Bearer /);
    expect(store.getLicense()).toBe(renewed);
    expect(store.getExpiryMs()).toBe(RENEWED_EXP * 1000);
    expect(store.getLastPromoCode()).toBe('BETA-2026');
  });

  it.each(['revoked', 'none'] as const)(
    "'%s' drops the stored licence and its expiry, keeping the promo code and the public key",
    async (status) => {
      const { client, store } = await serve({ json: { status, expires_at: null } });
      expect(await checkLicenseOnline(client, store, DEVICE)).toBe(status);
      expect(store.getLicense()).toBeNull();
      expect(store.getExpiryMs()).toBeNull();
      expect(store.getLastPromoCode()).toBe('BETA-2026');
      expect(store.getPublicKey()).toEqual(key.jwk);
    },
  );

  it("'revoked' marks the device revoked when first learnt, and a later check keeps that time", async () => {
    const first = () => new Date('2026-11-29T10:00:00.000Z');
    const later = () => new Date('2026-11-29T11:00:00.000Z');
    const { client, store } = await serve({ json: { status: 'revoked', expires_at: null } });
    await checkLicenseOnline(client, store, DEVICE, first);
    expect(store.getRevokedAt()).toBe('2026-11-29T10:00:00.000Z');
    await checkLicenseOnline(client, store, DEVICE, later);
    expect(store.getRevokedAt()).toBe('2026-11-29T10:00:00.000Z');
    expect(store.getLicense()).toBeNull();
  });

  it("'none' (another account on this device) forgets a revocation", async () => {
    const { client, store } = await serve({ json: { status: 'none', expires_at: null } });
    store.markRevoked('2026-11-29T10:00:00.000Z');
    await checkLicenseOnline(client, store, DEVICE);
    expect(store.getRevokedAt()).toBeNull();
  });

  it("'expired' keeps the stored licence, so that the banner shows the expired states", async () => {
    const { client, store } = await serve({ json: { status: 'expired', expires_at: iso(EXP) } });
    expect(await checkLicenseOnline(client, store, DEVICE)).toBe('expired');
    expect(store.getLicense()).toBe(stored);
    expect(store.getExpiryMs()).toBe(EXP * 1000);
  });

  it("'offline' when the server cannot be reached, and nothing changes", async () => {
    const { client, store } = setup(await closedPortUrl());
    expect(await checkLicenseOnline(client, store, DEVICE)).toBe('offline');
    expect(store.getLicense()).toBe(stored);
    expect(store.getExpiryMs()).toBe(EXP * 1000);
  });

  it.each([
    ['a server error', { status: 503, json: { error: 'service_unavailable', message: 'Down' } }],
    ['an answer of another shape', { json: { status: 'revoked-ish' } }],
  ])("'offline' on %s, and nothing changes", async (_name, reply: Reply) => {
    const { client, store } = await serve(reply);
    expect(await checkLicenseOnline(client, store, DEVICE)).toBe('offline');
    expect(store.getLicense()).toBe(stored);
  });
});
