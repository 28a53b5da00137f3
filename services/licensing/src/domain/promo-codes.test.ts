import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  decideRedeem,
  isFutureExpiry,
  licenseExpiry,
  remainingUses,
  type PromoState,
} from './promo-codes';

const now = new Date('2026-06-01T12:00:00Z');
const open: PromoState = { isActive: true, expiresAt: null, maxUses: null, usedCount: 0 };
const facts = { redeemedByUser: false, redeemedByDevice: false, deviceRevoked: false };

describe('remainingUses (SPEC.md section 4)', () => {
  it('is max_uses minus uses, never below 0, and null (unlimited) for empty, 0 or less', () => {
    expect(remainingUses(10, 3)).toBe(7);
    expect(remainingUses(2, 5)).toBe(0);
    expect(remainingUses(null, 5)).toBeNull();
    expect(remainingUses(0, 5)).toBeNull();
    expect(remainingUses(-1, 0)).toBeNull();
  });

  it('property: never negative and never above max_uses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: -10, max: 2e6 }), (max, used) => {
        const left = remainingUses(max, used)!;
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('decideRedeem', () => {
  it('allows an open code', () => {
    expect(decideRedeem({ promo: open, now, ...facts })).toBeNull();
  });

  it('refuses in order: unknown, disabled, expired, already by user, already by device, used up, revoked device', () => {
    const all = { redeemedByUser: true, redeemedByDevice: true, deviceRevoked: true };
    const usedUp = { ...open, maxUses: 1, usedCount: 1 };
    expect(decideRedeem({ promo: undefined, now, ...all })).toBe('code_unknown');
    expect(decideRedeem({ promo: { ...usedUp, isActive: false, expiresAt: now }, now, ...all })).toBe(
      'code_disabled',
    );
    expect(decideRedeem({ promo: { ...usedUp, expiresAt: now }, now, ...all })).toBe('code_expired');
    expect(decideRedeem({ promo: usedUp, now, ...all })).toBe('already_redeemed_user');
    expect(decideRedeem({ promo: usedUp, now, ...all, redeemedByUser: false })).toBe(
      'already_redeemed_device',
    );
    expect(decideRedeem({ promo: usedUp, now, ...facts, deviceRevoked: true })).toBe('code_used_up');
    expect(decideRedeem({ promo: open, now, ...facts, deviceRevoked: true })).toBe('device_revoked');
  });

  it('a code expires at its expires_at instant, not a millisecond later', () => {
    const promo = { ...open, expiresAt: new Date(now.getTime() + 1) };
    expect(decideRedeem({ promo, now, ...facts })).toBeNull();
    expect(decideRedeem({ promo, now: new Date(now.getTime() + 1), ...facts })).toBe('code_expired');
  });
});

describe('licence length and expiry of new codes', () => {
  it('uses license_days, else the default', () => {
    expect(licenseExpiry(now, 30, 365).getTime() - now.getTime()).toBe(30 * DAY_MS);
    expect(licenseExpiry(now, null, 365).getTime() - now.getTime()).toBe(365 * DAY_MS);
  });

  it('a new code expiry must be in the future (or none)', () => {
    expect(isFutureExpiry(null, now)).toBe(true);
    expect(isFutureExpiry('2026-06-01T12:00:01Z', now)).toBe(true);
    expect(isFutureExpiry('2026-06-01T12:00:00Z', now)).toBe(false);
  });
});
