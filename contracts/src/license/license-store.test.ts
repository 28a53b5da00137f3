// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../session/memory-storage';
import { makeJwt } from '../test-support/test-server';
import { LICENSE_KEYS, createLicenseStore, license } from './license-store';

const EXP = 1_800_000_000;
const EXP_ISO = new Date(EXP * 1000).toISOString();
const token = (exp = EXP) => makeJwt({ sub: '7', device_id: 'device-x', iat: exp - 86_400, exp, kid: 'k1' });
const jwk = { kty: 'EC', crv: 'P-256', x: 'xx', y: 'yy', kid: 'k1', alg: 'ES256', use: 'sig' };

function setup(initial: Record<string, string> = {}) {
  const local = createMemoryStorage(initial);
  const events = new EventTarget();
  return { local, events, store: createLicenseStore({ local, events }) };
}

const storageEvent = (key: string | null) => Object.assign(new Event('storage'), { key });

afterEach(() => {
  window.localStorage.clear();
});

describe('licence store keys', () => {
  it('saves the licence under device_license and deviceLicense, its exp claim as ISO license_expiry, and the promo code', () => {
    const { local, store } = setup();
    store.save({ license: token(), expiresAt: '2030-01-01T00:00:00Z', promoCode: 'BETA-2026' });
    expect(local.getItem('device_license')).toBe(token());
    expect(local.getItem('deviceLicense')).toBe(token());
    expect(local.getItem('license_expiry')).toBe(EXP_ISO);
    expect(local.getItem('lastPromoCode')).toBe('BETA-2026');
    expect(store.getLicense()).toBe(token());
    expect(store.getExpiryMs()).toBe(EXP * 1000);
    expect(store.getLastPromoCode()).toBe('BETA-2026');
  });

  it('takes expiresAt when the licence has no readable exp claim, and drops a stale expiry when neither exists', () => {
    const { local, store } = setup();
    store.save({ license: 'opaque-licence', expiresAt: '2030-01-01T00:00:00Z' });
    expect(local.getItem('license_expiry')).toBe('2030-01-01T00:00:00.000Z');
    store.save({ license: 'opaque-licence', expiresAt: EXP });
    expect(local.getItem('license_expiry')).toBe(EXP_ISO);
    store.save({ license: 'opaque-licence' });
    expect(local.getItem('license_expiry')).toBeNull();
    expect(store.getExpiryMs()).toBeNull();
  });

  it('keeps the stored lastPromoCode when a save gives none', () => {
    const { store } = setup({ lastPromoCode: 'FIRST' });
    store.save({ license: token() });
    expect(store.getLastPromoCode()).toBe('FIRST');
  });

  it('reads deviceLicense when device_license is missing, and license_expiry in seconds, ms or ISO', () => {
    const { local, store } = setup({ deviceLicense: 'alt-licence', license_expiry: String(EXP) });
    expect(store.getLicense()).toBe('alt-licence');
    expect(store.getExpiryMs()).toBe(EXP * 1000);
    local.setItem('license_expiry', EXP_ISO);
    expect(store.getExpiryMs()).toBe(EXP * 1000);
    local.setItem('license_expiry', 'soon');
    expect(store.getExpiryMs()).toBeNull();
  });

  it('clear removes both licence keys and license_expiry, and keeps lastPromoCode and the public key', () => {
    const { local, store } = setup();
    store.save({ license: token(), promoCode: 'BETA' });
    store.setPublicKey(jwk);
    store.clear();
    expect(local.getItem('device_license')).toBeNull();
    expect(local.getItem('deviceLicense')).toBeNull();
    expect(local.getItem('license_expiry')).toBeNull();
    expect(store.getLicense()).toBeNull();
    expect(store.getLastPromoCode()).toBe('BETA');
    expect(store.getPublicKey()).toEqual(jwk);
  });

  it('keeps the public key as JSON under license_public_key (a JWK or a PEM); a corrupt entry reads as none', () => {
    const { local, store } = setup();
    expect(store.getPublicKey()).toBeNull();
    store.setPublicKey(jwk);
    expect(JSON.parse(local.getItem('license_public_key')!)).toEqual(jwk);
    expect(store.getPublicKey()).toEqual(jwk);
    store.setPublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----');
    expect(store.getPublicKey()).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    for (const corrupt of ['{not json', '[1,2]', '42', 'null']) {
      local.setItem('license_public_key', corrupt);
      expect(store.getPublicKey()).toBeNull();
    }
  });

  it('markRevoked drops the licence and remembers when; a saved licence or clear forgets it', () => {
    const { local, store } = setup();
    store.save({ license: token(), promoCode: 'BETA-2026' });
    store.setPublicKey(jwk);
    expect(store.getRevokedAt()).toBeNull();
    store.markRevoked('2026-11-29T10:00:00.000Z');
    expect(store.getLicense()).toBeNull();
    expect(store.getExpiryMs()).toBeNull();
    expect(local.getItem('license_revoked_at')).toBe('2026-11-29T10:00:00.000Z');
    expect(store.getRevokedAt()).toBe('2026-11-29T10:00:00.000Z');
    expect(store.getLastPromoCode()).toBe('BETA-2026');
    expect(store.getPublicKey()).toEqual(jwk);
    store.save({ license: token() });
    expect(store.getRevokedAt()).toBeNull();
    expect(local.getItem('license_revoked_at')).toBeNull();
    store.markRevoked('2026-11-29T10:00:00.000Z');
    store.clear();
    expect(store.getRevokedAt()).toBeNull();
  });

  it('names the keys of SPEC.md section 3', () => {
    expect(LICENSE_KEYS).toEqual({
      license: 'device_license',
      licenseAlt: 'deviceLicense',
      expiry: 'license_expiry',
      lastPromoCode: 'lastPromoCode',
      publicKey: 'license_public_key',
      revokedAt: 'license_revoked_at',
    });
  });
});

describe('licence store subscription', () => {
  it('notifies after save, clear, markRevoked and setPublicKey, until unsubscribed', () => {
    const { store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.save({ license: token() });
    store.setPublicKey(jwk);
    store.clear();
    store.markRevoked('2026-11-29T10:00:00.000Z');
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    store.save({ license: token() });
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it("notifies on another tab's storage events for its keys or a cleared storage, not for other keys", () => {
    const { events, store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    for (const key of Object.values(LICENSE_KEYS)) events.dispatchEvent(storageEvent(key));
    events.dispatchEvent(storageEvent(null));
    expect(listener).toHaveBeenCalledTimes(7);
    events.dispatchEvent(storageEvent('token'));
    expect(listener).toHaveBeenCalledTimes(7);
    unsubscribe();
    events.dispatchEvent(storageEvent('device_license'));
    expect(listener).toHaveBeenCalledTimes(7);
  });

  it('the default licence store uses window.localStorage and window storage events', () => {
    license.save({ license: token(), promoCode: 'WINDOW' });
    expect(window.localStorage.getItem('device_license')).toBe(token());
    expect(window.localStorage.getItem('license_expiry')).toBe(EXP_ISO);
    const listener = vi.fn();
    const unsubscribe = license.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'license_expiry' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    license.clear();
    expect(window.localStorage.getItem('device_license')).toBeNull();
    expect(window.localStorage.getItem('lastPromoCode')).toBe('WINDOW');
  });
});
