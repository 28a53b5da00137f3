import { describe, expect, it } from 'vitest';
import { licenseBannerState, parseLicenseExpiry } from './license-rules';

const DAY = 86_400_000;
const NOW = Date.parse('2026-05-16T12:00:00Z');

describe('licenseBannerState', () => {
  it.each([
    [null, 'green', 'none'],
    [Number.NaN, 'green', 'none'],
    [NOW + 30 * DAY, 'green', 'fine'],
    [NOW + 7 * DAY + 1, 'green', 'fine'],
    [NOW + 7 * DAY, 'amber', 'expiring'],
    [NOW + 1, 'amber', 'expiring'],
    [NOW, 'red', 'expired-grace'],
    [NOW - 7 * DAY, 'red', 'expired-grace'],
    [NOW - 7 * DAY - 1, 'red', 'expired-beyond'],
    [NOW - 90 * DAY, 'red', 'expired-beyond'],
  ] as const)('expiry %s -> %s %s', (expiry, tone, kind) => {
    expect(licenseBannerState(expiry, NOW)).toMatchObject({ tone, kind });
  });

  it('is red and revoked with no licence after the server said it was revoked; a licence stored wins', () => {
    expect(licenseBannerState(null, NOW, { revoked: true })).toEqual({
      tone: 'red',
      kind: 'revoked',
      days: null,
      graceDaysLeft: null,
    });
    expect(licenseBannerState(NOW + 30 * DAY, NOW, { revoked: true })).toMatchObject({ kind: 'fine' });
    expect(licenseBannerState(null, NOW, { revoked: false })).toMatchObject({ kind: 'none' });
  });

  it('counts days left, days since expiry and grace days left', () => {
    expect(licenseBannerState(NOW + 2.5 * DAY, NOW)).toMatchObject({
      kind: 'expiring',
      days: 3,
      graceDaysLeft: null,
    });
    expect(licenseBannerState(NOW - 2.5 * DAY, NOW)).toMatchObject({
      kind: 'expired-grace',
      days: 2,
      graceDaysLeft: 5,
    });
    expect(licenseBannerState(NOW - 10 * DAY, NOW)).toMatchObject({
      kind: 'expired-beyond',
      days: 10,
      graceDaysLeft: null,
    });
  });
});

describe('parseLicenseExpiry', () => {
  it('reads stored expiries in ms, seconds and ISO', () => {
    expect(parseLicenseExpiry(NOW)).toBe(NOW);
    expect(parseLicenseExpiry(NOW / 1000)).toBe(NOW);
    expect(parseLicenseExpiry(String(NOW / 1000))).toBe(NOW);
    expect(parseLicenseExpiry('2026-05-16T12:00:00Z')).toBe(NOW);
    expect(parseLicenseExpiry('never')).toBeNull();
    expect(parseLicenseExpiry('')).toBeNull();
    expect(parseLicenseExpiry(null)).toBeNull();
  });
});
