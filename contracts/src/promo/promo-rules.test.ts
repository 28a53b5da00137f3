import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isExpired, remainingUses } from './promo-rules';

const NOW_ISO = '2026-06-01T12:00:00.000Z';
const NOW = Date.parse(NOW_ISO);

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

  it('counts a negative or unreadable use count as none', () => {
    expect(remainingUses(4, -3)).toBe(4);
    expect(remainingUses(4, Number.NaN)).toBe(4);
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

describe('isExpired', () => {
  it('is expired at the expires_at instant, not a millisecond later, whether read as a string, a Date or ms', () => {
    for (const now of [NOW, new Date(NOW), NOW_ISO]) {
      expect(isExpired('2026-06-01T12:00:00.000Z', now)).toBe(true);
      expect(isExpired(new Date(NOW), now)).toBe(true);
      expect(isExpired(NOW - 1, now)).toBe(true);
      expect(isExpired('2026-06-01T12:00:00.001Z', now)).toBe(false);
      expect(isExpired(new Date(NOW + 1), now)).toBe(false);
    }
  });

  it('never expires without an expiry, or with an unreadable one', () => {
    expect(isExpired(null, NOW)).toBe(false);
    expect(isExpired('not a date', NOW)).toBe(false);
    expect(isExpired(new Date(Number.NaN), new Date(NOW))).toBe(false);
  });

  it('property: an expiry is reached exactly when it is at or before now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 4e12 }), (at, now) => {
        expect(isExpired(new Date(at), new Date(now))).toBe(at <= now);
        expect(isExpired(new Date(at).toISOString(), now)).toBe(at <= now);
      }),
    );
  });
});
