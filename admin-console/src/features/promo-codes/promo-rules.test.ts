import { describe, expect, it } from 'vitest';
import { promoStatus, usesText } from './promo-rules';

// remainingUses and isExpired are tested where they live: contracts/src/promo/promo-rules.test.ts.

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const code = (over: Partial<Parameters<typeof promoStatus>[0]> = {}) => ({
  max_uses: 10,
  used_count: 0,
  expires_at: null,
  is_active: true,
  ...over,
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
    expect(promoStatus(code({ expires_at: 'not a date' }), NOW)).toBe('active');
  });
});

describe('usesText', () => {
  it('shows used/max, or used/∞ when unlimited', () => {
    expect(usesText({ max_uses: 10, used_count: 3 })).toBe('3/10');
    expect(usesText({ max_uses: null, used_count: 3 })).toBe('3/∞');
    expect(usesText({ max_uses: 0, used_count: 0 })).toBe('0/∞');
  });
});
