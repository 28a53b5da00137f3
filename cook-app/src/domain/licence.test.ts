import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isPromoDisabled,
  licenceBannerState,
  NO_LICENSE_RETURNED,
  normalisePromoCode,
  parseLicenceExpiry,
  promoRemainingUses,
  promoReturnTo,
  readRedeemedLicence,
} from './licence';

const DAY = 86_400_000;
const NOW = Date.parse('2026-05-16T12:00:00Z');

describe('licenceBannerState', () => {
  it.each([
    [null, 'green', 'none'],
    [NOW + 30 * DAY, 'green', 'fine'],
    [NOW + 7 * DAY + 1, 'green', 'fine'],
    [NOW + 7 * DAY, 'amber', 'expiring'],
    [NOW + 1, 'amber', 'expiring'],
    [NOW, 'red', 'expired-grace'],
    [NOW - 7 * DAY, 'red', 'expired-grace'],
    [NOW - 7 * DAY - 1, 'red', 'expired-beyond'],
    [NOW - 90 * DAY, 'red', 'expired-beyond'],
  ] as const)('expiry %s -> %s %s', (expiry, tone, kind) => {
    expect(licenceBannerState(expiry, NOW)).toMatchObject({ tone, kind });
  });

  it('counts days left, days since expiry and grace days left', () => {
    expect(licenceBannerState(NOW + 2.5 * DAY, NOW)).toMatchObject({
      kind: 'expiring',
      days: 3,
      graceDaysLeft: null,
    });
    expect(licenceBannerState(NOW - 2.5 * DAY, NOW)).toMatchObject({
      kind: 'expired-grace',
      days: 2,
      graceDaysLeft: 5,
    });
    expect(licenceBannerState(NOW - 10 * DAY, NOW)).toMatchObject({
      kind: 'expired-beyond',
      days: 10,
      graceDaysLeft: null,
    });
  });

  it('reads stored expiries in ms, seconds and ISO', () => {
    expect(parseLicenceExpiry(NOW)).toBe(NOW);
    expect(parseLicenceExpiry(NOW / 1000)).toBe(NOW);
    expect(parseLicenceExpiry(String(NOW / 1000))).toBe(NOW);
    expect(parseLicenceExpiry('2026-05-16T12:00:00Z')).toBe(NOW);
    expect(parseLicenceExpiry('never')).toBeNull();
    expect(parseLicenceExpiry(null)).toBeNull();
  });
});

describe('promo codes', () => {
  it.each([
    [10, 3, 7],
    [10, 10, 0],
    [10, 12, 0],
    ['5', '2', 3],
    [5, undefined, 5],
    [null, 4, null],
    [undefined, 4, null],
    ['', 4, null],
    [0, 4, null],
    [-1, 0, null],
  ])('max_uses %j, used %j -> remaining %j', (max, used, expected) => {
    expect(promoRemainingUses(max, used)).toBe(expected);
  });

  it('property: remaining uses is never below 0 and never above max_uses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: -10, max: 2e6 }), (max, used) => {
        const left = promoRemainingUses(max, used)!;
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(max);
      }),
    );
  });

  it.each([
    [{ is_active: false }, true],
    [{ active: false }, true],
    [{ enabled: false }, true],
    [{ disabled: true }, true],
    [{ disabled: 'true' }, true],
    [{ is_active: 0 }, true],
    [{ is_active: true, disabled: true }, true],
    [{ is_active: true }, false],
    [{ enabled: 1 }, false],
    [{ disabled: false }, false],
    [{}, false],
  ])('%j disabled: %j', (record, disabled) => {
    expect(isPromoDisabled(record)).toBe(disabled);
  });

  it('normalises typed codes to trimmed upper case', () => {
    expect(normalisePromoCode('  beta-2026 ')).toBe('BETA-2026');
    expect(normalisePromoCode(undefined)).toBe('');
  });

  it('reads the licence of a redeem response or says none was returned', () => {
    expect(readRedeemedLicence({ license: 'L1' })).toEqual({ ok: true, licence: 'L1' });
    expect(readRedeemedLicence({ device_license: { expires_at: 'x' } })).toEqual({
      ok: true,
      licence: { expires_at: 'x' },
    });
    expect(readRedeemedLicence({ token: 'T' })).toEqual({ ok: true, licence: 'T' });
    expect(readRedeemedLicence({ ok: true })).toEqual({ ok: false, error: NO_LICENSE_RETURNED });
    expect(NO_LICENSE_RETURNED).toBe('No license returned from server.');
  });

  it('returnTo defaults to /contests and never leaves the app', () => {
    expect(promoReturnTo(undefined)).toBe('/contests');
    expect(promoReturnTo('/settings')).toBe('/settings');
    expect(promoReturnTo('//evil.example')).toBe('/contests');
    expect(promoReturnTo('https://evil.example')).toBe('/contests');
  });
});
