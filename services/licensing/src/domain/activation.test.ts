import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_PATTERN,
  formatActivationCode,
} from '@pitclock/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { decideActivationCode, newActivationCode } from './activation';
import { checkDevice, licenseStatusOf } from './license-status';

describe('newActivationCode', () => {
  it('draws 8 symbols of the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = newActivationCode();
      expect(code).toMatch(new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{8}$`));
      expect(formatActivationCode(code)).toMatch(ACTIVATION_CODE_PATTERN);
    }
  });

  it('draws again for bytes that would favour the first symbols (uniform draw)', () => {
    // 248 = 8 * 31 and above would make the first symbols likelier: they are skipped.
    const bytes = [255, 248, 0, 30, 31, 247, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const code = newActivationCode((size) => Buffer.from(bytes.slice(0, size)));
    expect(code).toBe(
      [0, 30, 31, 247, 1, 2, 3, 4]
        .map((b) => ACTIVATION_CODE_ALPHABET[b % ACTIVATION_CODE_ALPHABET.length])
        .join(''),
    );
  });

  it('uses every symbol about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i += 1)
      for (const ch of newActivationCode()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(ACTIVATION_CODE_ALPHABET.length);
    const expected = (4000 * 8) / ACTIVATION_CODE_ALPHABET.length;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.2);
  });
});

describe('decideActivationCode', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  it('a code may be used once, before it expires', () => {
    expect(decideActivationCode(undefined, now)).toBe('activation_code_unknown');
    expect(decideActivationCode({ usedAt: now, expiresAt: later }, now)).toBe('activation_code_used');
    expect(decideActivationCode({ usedAt: null, expiresAt: now }, now)).toBe('activation_code_expired');
    expect(decideActivationCode({ usedAt: null, expiresAt: later }, now)).toBeNull();
  });
});

describe('licence status from devices', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const future = new Date(now.getTime() + 1000);
  const past = new Date(now.getTime() - 1000);
  it('none without devices, active with one live device, inactive when all are revoked or expired', () => {
    expect(licenseStatusOf([], now)).toBe('none');
    expect(licenseStatusOf([{ revokedAt: null, licenseExpiresAt: future }], now)).toBe('active');
    expect(
      licenseStatusOf(
        [
          { revokedAt: past, licenseExpiresAt: future },
          { revokedAt: null, licenseExpiresAt: past },
        ],
        now,
      ),
    ).toBe('inactive');
    expect(checkDevice(undefined, now)).toBe('none');
    expect(checkDevice({ revokedAt: past, licenseExpiresAt: past }, now)).toBe('revoked');
  });
});
