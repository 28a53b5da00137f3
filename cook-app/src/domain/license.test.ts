import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isPromoDisabled,
  LICENSE_GRACE_MS,
  licenseBannerState,
  NO_LICENSE_RETURNED,
  normalisePromoCode,
  parseLicenseExpiry,
  promoCodeSchema,
  promoRemainingUses,
  promoReturnTo,
  readRedeemedLicense,
} from './license';

const DAY = 86_400_000;
const NOW = Date.parse('2026-05-16T12:00:00Z');

describe('licence banner rules (moved to @pitclock/contracts)', () => {
  it('are still importable from the cook-app domain', () => {
    expect(licenseBannerState(NOW + 3 * DAY, NOW)).toMatchObject({
      tone: 'amber',
      kind: 'expiring',
      days: 3,
    });
    expect(parseLicenseExpiry(NOW / 1000)).toBe(NOW);
    expect(LICENSE_GRACE_MS).toBe(7 * DAY);
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

  it('the redeem form sends a code exactly when it is not blank, normalised', () => {
    expect(promoCodeSchema.parse(' smoke-26 ')).toBe('SMOKE-26');
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const result = promoCodeSchema.safeParse(typed);
        expect(result.success).toBe(typed.trim() !== '');
        if (result.success) expect(result.data).toBe(normalisePromoCode(typed));
      }),
    );
  });

  it('reads the licence of a redeem response or says none was returned', () => {
    expect(readRedeemedLicense({ license: 'L1' })).toEqual({ ok: true, license: 'L1' });
    expect(readRedeemedLicense({ device_license: { expires_at: 'x' } })).toEqual({
      ok: true,
      license: { expires_at: 'x' },
    });
    expect(readRedeemedLicense({ token: 'T' })).toEqual({ ok: true, license: 'T' });
    expect(readRedeemedLicense({ ok: true })).toEqual({ ok: false, error: NO_LICENSE_RETURNED });
    expect(NO_LICENSE_RETURNED).toBe('No license returned from server.');
  });

  it('returnTo defaults to /contests and never leaves the app', () => {
    expect(promoReturnTo(undefined)).toBe('/contests');
    expect(promoReturnTo('/settings')).toBe('/settings');
    expect(promoReturnTo('//evil.example')).toBe('/contests');
    expect(promoReturnTo('https://evil.example')).toBe('/contests');
  });
});
