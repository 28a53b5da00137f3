import { describe, expect, it } from 'vitest';
import { licenceBannerState, parseLicenceExpiry } from './licence-rules';

const DAY = 86_400_000;
const NOW = Date.parse('2026-05-16T12:00:00Z');

describe('licenceBannerState', () => {
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
});

describe('parseLicenceExpiry', () => {
  it('reads stored expiries in ms, seconds and ISO', () => {
    expect(parseLicenceExpiry(NOW)).toBe(NOW);
    expect(parseLicenceExpiry(NOW / 1000)).toBe(NOW);
    expect(parseLicenceExpiry(String(NOW / 1000))).toBe(NOW);
    expect(parseLicenceExpiry('2026-05-16T12:00:00Z')).toBe(NOW);
    expect(parseLicenceExpiry('never')).toBeNull();
    expect(parseLicenceExpiry('')).toBeNull();
    expect(parseLicenceExpiry(null)).toBeNull();
  });
});
