import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isExpired, promoStatus, remainingUses, usesText } from './promo-rules';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const code = (over: Partial<Parameters<typeof promoStatus>[0]> = {}) => ({
  max_uses: 10,
  used_count: 0,
  expires_at: null,
  is_active: true,
  ...over,
});

describe('remainingUses (SPEC.md section 4)', () => {
  it('is max_uses minus uses', () => {
    expect(remainingUses(10, 3)).toBe(7);
    expect(remainingUses(1, 0)).toBe(1);
    expect(remainingUses(5, 5)).toBe(0);
  });

  it('never goes below 0 when more uses than max_uses are recorded', () => {
    expect(remainingUses(5, 9)).toBe(0);
  });

  it('is unlimited (null) when max_uses is empty, 0 or less', () => {
    expect(remainingUses(null, 3)).toBeNull();
    expect(remainingUses(undefined, 3)).toBeNull();
    expect(remainingUses(0, 3)).toBeNull();
    expect(remainingUses(-2, 0)).toBeNull();
  });

  it('property: for any max_uses and uses the result is null or a whole number in [0, max_uses]', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -1_000, max: 1_000_000_000 }), { nil: undefined }),
        fc.integer({ min: -10, max: 2_000_000_000 }),
        (max, used) => {
          const remaining = remainingUses(max, used);
          if (max === undefined || max <= 0) {
            expect(remaining).toBeNull();
            return;
          }
          expect(remaining).not.toBeNull();
          expect(Number.isInteger(remaining)).toBe(true);
          expect(remaining).toBeGreaterThanOrEqual(0);
          expect(remaining).toBeLessThanOrEqual(max);
          expect(remaining).toBe(Math.max(0, max - Math.max(0, used)));
        },
      ),
    );
  });

  it('property: unlimited exactly when max_uses is null, undefined, 0 or negative', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer({ max: 0 })),
        fc.nat(),
        (max, used) => {
          expect(remainingUses(max, used)).toBeNull();
        },
      ),
    );
  });
});

describe('promoStatus', () => {
  it('is Active for an enabled code with uses left and no expiry reached', () => {
    expect(promoStatus(code({ used_count: 3, expires_at: '2026-07-01T00:00:00.000Z' }), NOW)).toBe('active');
    expect(promoStatus(code({ max_uses: null, used_count: 500 }), NOW)).toBe('active');
  });

  it('is Disabled when the active flag is false, whatever else holds', () => {
    expect(
      promoStatus(code({ is_active: false, used_count: 10, expires_at: '2020-01-01T00:00:00Z' }), NOW),
    ).toBe('disabled');
  });

  it('is Expired once the expiry is reached', () => {
    expect(promoStatus(code({ expires_at: '2026-06-01T12:00:00.000Z' }), NOW)).toBe('expired');
    expect(promoStatus(code({ expires_at: '2026-06-01T12:00:00.001Z' }), NOW)).toBe('active');
  });

  it('is Used up when no uses remain, never for an unlimited code', () => {
    expect(promoStatus(code({ max_uses: 2, used_count: 2 }), NOW)).toBe('usedUp');
    expect(promoStatus(code({ max_uses: 0, used_count: 2 }), NOW)).toBe('active');
  });

  it('reads an unreadable expiry as none', () => {
    expect(isExpired('not a date', NOW)).toBe(false);
  });
});

describe('usesText', () => {
  it('shows used/max, or used/∞ when unlimited', () => {
    expect(usesText({ max_uses: 10, used_count: 3 })).toBe('3/10');
    expect(usesText({ max_uses: null, used_count: 3 })).toBe('3/∞');
    expect(usesText({ max_uses: 0, used_count: 0 })).toBe('0/∞');
  });
});
