import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contestClockOffset, contestClockTimeSchema, contestNow } from './contest-clock';
import { hhmmInZone, MINUTE_MS } from './time';

const at = (iso: string) => Date.parse(iso);

describe('contest clock', () => {
  it('the typed official time: blank means the phone clock, 12-hour text is read, anything else is refused', () => {
    expect(contestClockTimeSchema.parse('  ')).toBeNull();
    expect(contestClockTimeSchema.parse('3:05 PM')).toBe('15:05');
    expect(contestClockTimeSchema.safeParse('soon').error?.issues[0]?.message).toBe(
      'Please pick a valid time (HH:MM).',
    );
  });

  it('is the official minute typed now, minus the minute this device shows', () => {
    // The device shows 10:02 (10:02:40 UTC); the official clock shows 10:05.
    expect(contestClockOffset('10:05', at('2026-06-06T10:02:40Z'), 'UTC')).toEqual({
      ok: true,
      value: 3 * MINUTE_MS,
    });
    expect(contestClockOffset('9:58 AM', at('2026-06-06T10:02:00Z'), 'UTC')).toEqual({
      ok: true,
      value: -4 * MINUTE_MS,
    });
  });

  it('reads the typed time across midnight as the nearer one', () => {
    // 23:58 on the device, 00:03 on the official clock: 5 minutes ahead, not 23 h 55 behind.
    expect(contestClockOffset('00:03', at('2026-06-06T23:58:00Z'), 'UTC')).toEqual({
      ok: true,
      value: 5 * MINUTE_MS,
    });
    expect(contestClockOffset('23:57', at('2026-06-07T00:02:00Z'), 'UTC')).toEqual({
      ok: true,
      value: -5 * MINUTE_MS,
    });
  });

  it('refuses what is not a time with the time text', () => {
    expect(contestClockOffset('25:99', at('2026-06-06T10:00:00Z'), 'UTC')).toEqual({
      ok: false,
      error: 'Please pick a valid time (HH:MM).',
    });
  });

  it('gives back any whole-minute offset within 11 hours from the time the official clock shows (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
        fc.integer({ min: -11 * 60, max: 11 * 60 }),
        fc.constantFrom('UTC', 'Asia/Kolkata', 'America/Phoenix'),
        (nowMs, offsetMinutes, zone) => {
          const device = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
          const shown = hhmmInZone(device + offsetMinutes * MINUTE_MS, zone);
          expect(contestClockOffset(shown, device, zone)).toEqual({
            ok: true,
            value: offsetMinutes * MINUTE_MS,
          });
        },
      ),
    );
  });

  it("moves now by the cook-off's offset, and not at all without one", () => {
    expect(contestNow({ clock_offset_ms: 120_000 }, 1_000)).toBe(121_000);
    expect(contestNow({}, 1_000)).toBe(1_000);
    expect(contestNow(null, 1_000)).toBe(1_000);
  });
});
