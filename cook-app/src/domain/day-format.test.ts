import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countdownParts,
  displayLocale,
  formatClock,
  formatClockNear,
  formatClockToday,
  formatContestDate,
  formatDate,
  formatDateTime,
  formatDayClock,
  formatDayLabel,
  formatNumericDate,
  formatSeconds,
  formatSpan,
  formatWallHour,
  formatWallTime,
} from './day-format';
import { DAY_MS, HOUR_MS, hhmmInZone, MINUTE_MS, ymdInZone } from './time';

const CHICAGO = 'America/Chicago';
const ms = (iso: string) => Date.parse(iso);
/** Sat 2026-11-28 09:55 in Chicago (CST, UTC-6). */
const SAT_0955 = ms('2026-11-28T15:55:00Z');

const ZONES = [
  'UTC',
  'America/Chicago',
  'America/New_York',
  'America/St_Johns',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** The weekday of a 'YYYY-MM-DD', without Intl (to cross-check the Intl-backed formatting). */
const weekdayOfYmd = (ymd: string) => WEEKDAYS[new Date(`${ymd}T00:00:00Z`).getUTCDay()];
const instant = fc.integer({ min: ms('2000-01-01T00:00:00Z'), max: ms('2099-12-31T00:00:00Z') });
const zone = fc.constantFrom(...ZONES);

describe('formatSpan', () => {
  it.each([
    [0, '0 min'],
    [59 * 1000, '0 min'],
    [5 * MINUTE_MS, '5 min'],
    [59 * MINUTE_MS + 59_999, '59 min'],
    [HOUR_MS, '1 h'],
    [12 * HOUR_MS, '12 h'],
    [12 * HOUR_MS + 5 * MINUTE_MS, '12 h 5 min'],
    [23 * HOUR_MS + 59 * MINUTE_MS, '23 h 59 min'],
    [DAY_MS, '1 d'],
    [DAY_MS + 59 * MINUTE_MS, '1 d'],
    [2 * DAY_MS + 3 * HOUR_MS + 40 * MINUTE_MS, '2 d 3 h'],
    [46198 * MINUTE_MS, '32 d 1 h'],
  ])('reads %d ms as %j (whole minutes, a zero part dropped, days and hours from 24 h on)', (span, text) => {
    expect(formatSpan(span)).toBe(text);
  });

  it('reads a negative span as its length', () => {
    expect(formatSpan(-(12 * HOUR_MS + 5 * MINUTE_MS))).toBe('12 h 5 min');
  });

  it('property: the text never overstates the span, is exact to the minute under a day and to the hour from a day on', () => {
    const value = (text: string) => {
      const m = /^(?:(\d+) d)?(?: ?(\d+) h)?(?: ?(\d+) min)?$/.exec(text);
      if (!m || text === '') throw new Error(`unexpected ${text}`);
      return Number(m[1] ?? 0) * DAY_MS + Number(m[2] ?? 0) * HOUR_MS + Number(m[3] ?? 0) * MINUTE_MS;
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY_MS }), (span) => {
        const shown = value(formatSpan(span));
        expect(shown).toBeLessThanOrEqual(span);
        expect(span - shown).toBeLessThan(span < DAY_MS ? MINUTE_MS : HOUR_MS);
        if (span >= MINUTE_MS) expect(formatSpan(span)).not.toMatch(/(^| )0 /);
      }),
    );
  });

  it('property: a longer span never reads shorter', () => {
    const rank = (text: string) => {
      const m = /^(?:(\d+) d)?(?: ?(\d+) h)?(?: ?(\d+) min)?$/.exec(text)!;
      return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
    };
    fc.assert(
      fc.property(fc.nat(100 * DAY_MS), fc.nat(100 * DAY_MS), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rank(formatSpan(lo))).toBeLessThanOrEqual(rank(formatSpan(hi)));
      }),
    );
  });
});

describe('formatSeconds', () => {
  it("reads 'M:SS' under an hour and 'H:MM:SS' from an hour on", () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(252)).toBe('4:12');
    expect(formatSeconds(3930)).toBe('1:05:30');
    expect(formatSeconds(86399)).toBe('23:59:59');
  });
});

describe('countdownParts', () => {
  const T = ms('2026-06-01T15:00:00Z');

  it('keeps the seconds countdown under 24 h: rounded up before the due time, down after it', () => {
    expect(countdownParts(T + 3930_000, T)).toEqual({ overdue: false, text: '1:05:30' });
    expect(countdownParts(T + 1, T)).toEqual({ overdue: false, text: '0:01' });
    expect(countdownParts(T, T)).toEqual({ overdue: false, text: '0:00' });
    expect(countdownParts(T - 1, T)).toEqual({ overdue: true, text: '0:00' });
    expect(countdownParts(T - 252_000, T)).toEqual({ overdue: true, text: '4:12' });
    expect(countdownParts(T + DAY_MS - 1000, T)).toEqual({ overdue: false, text: '23:59:59' });
  });

  it("reads days and hours from 24 h on: 'in 2 d 3 h', a step 3 days away, and 'overdue 1 d 2 h'", () => {
    expect(countdownParts(T + 2 * DAY_MS + 3 * HOUR_MS + 59 * MINUTE_MS, T)).toEqual({
      overdue: false,
      text: '2 d 3 h',
    });
    expect(countdownParts(T + 75 * HOUR_MS + 49 * MINUTE_MS + 56_000, T)).toEqual({
      overdue: false,
      text: '3 d 3 h',
    });
    expect(countdownParts(T + DAY_MS, T)).toEqual({ overdue: false, text: '1 d' });
    expect(countdownParts(T + DAY_MS - 1, T)).toEqual({ overdue: false, text: '1 d' });
    expect(countdownParts(T - 26 * HOUR_MS, T)).toEqual({ overdue: true, text: '1 d 2 h' });
  });

  it('property: overdue exactly when the due time is before now; seconds under a day, days from a day on', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -40 * DAY_MS, max: 40 * DAY_MS }), (now, diff) => {
        const { overdue, text } = countdownParts(now + diff, now);
        expect(overdue).toBe(diff < 0);
        const seconds = diff >= 0 ? Math.ceil(diff / 1000) : Math.floor(-diff / 1000);
        if (seconds < 86_400) expect(text).toMatch(/^(\d{1,2}:)?\d{1,2}:\d\d$/);
        else expect(text).toMatch(/^\d+ d( \d{1,2} h)?$/);
      }),
    );
  });
});

describe('clock times with the day', () => {
  it("reads 'Sat 09:55' (en-US short weekday, 24-hour time in the zone)", () => {
    expect(formatDayClock(SAT_0955, CHICAGO)).toBe('Sat 09:55');
    expect(formatDayClock(SAT_0955, 'UTC')).toBe('Sat 15:55');
    expect(formatDayClock(ms('2026-11-28T03:00:00Z'), CHICAGO)).toBe('Fri 21:00');
  });

  it("formatClockNear: 'HH:MM' within 24 h of now either side, with the day beyond", () => {
    expect(formatClockNear(SAT_0955, SAT_0955 - DAY_MS + 1, CHICAGO)).toBe('09:55');
    expect(formatClockNear(SAT_0955, SAT_0955 + DAY_MS - 1, CHICAGO)).toBe('09:55');
    expect(formatClockNear(SAT_0955, SAT_0955 - DAY_MS, CHICAGO)).toBe('Sat 09:55');
    expect(formatClockNear(SAT_0955, SAT_0955 - 3 * DAY_MS, CHICAGO)).toBe('Sat 09:55');
    expect(formatClockNear(SAT_0955, SAT_0955 + 2 * DAY_MS, CHICAGO)).toBe('Sat 09:55');
  });

  it("formatClockToday: 'HH:MM' on today's date in the zone, with the day on any other date", () => {
    const saturdayEvening = ms('2026-11-29T05:59:00Z'); // Sat 23:59 in Chicago
    expect(formatClockToday(SAT_0955, saturdayEvening, CHICAGO)).toBe('09:55');
    expect(formatClockToday(SAT_0955, saturdayEvening + MINUTE_MS, CHICAGO)).toBe('Sat 09:55');
    expect(formatClockToday(ms('2026-11-28T03:00:00Z'), SAT_0955, CHICAGO)).toBe('Fri 21:00');
  });

  it('property: the day is left out exactly within 24 h, and the weekday and time are those of the instant in the zone', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -5 * DAY_MS, max: 5 * DAY_MS }), zone, (at, diff, tz) => {
        const now = at + diff;
        const text = formatClockNear(at, now, tz);
        const hhmm = hhmmInZone(at, tz);
        if (Math.abs(diff) < DAY_MS) expect(text).toBe(hhmm);
        else expect(text).toBe(`${weekdayOfYmd(ymdInZone(at, tz))} ${hhmm}`);
      }),
    );
  });

  it("property: formatClockToday leaves the day out exactly on now's date in the zone", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -3 * DAY_MS, max: 3 * DAY_MS }), zone, (at, diff, tz) => {
        const text = formatClockToday(at, at + diff, tz);
        const sameDay = ymdInZone(at, tz) === ymdInZone(at + diff, tz);
        expect(text).toBe(sameDay ? hhmmInZone(at, tz) : formatDayClock(at, tz));
      }),
    );
  });
});

describe('day labels', () => {
  it("labels a day 'Sat 28 Nov' in the zone", () => {
    expect(formatDayLabel(SAT_0955, CHICAGO)).toBe('Sat 28 Nov');
    expect(formatDayLabel(ms('2026-11-28T03:00:00Z'), CHICAGO)).toBe('Fri 27 Nov');
    expect(formatDayLabel(ms('2026-11-28T03:00:00Z'), 'UTC')).toBe('Sat 28 Nov');
  });

  it('property: the label is the weekday and day of the date ymdInZone gives', () => {
    fc.assert(
      fc.property(instant, zone, (at, tz) => {
        const ymd = ymdInZone(at, tz);
        const [weekday, day] = formatDayLabel(at, tz).split(' ');
        expect(weekday).toBe(weekdayOfYmd(ymd));
        expect(Number(day)).toBe(Number(ymd.slice(8, 10)));
      }),
    );
  });

  it("reads a contest date 'YYYY-MM-DD' as 'Sat, Nov 28, 2026' whatever the device's zone, null when not a date", () => {
    expect(formatContestDate('2026-11-28')).toBe('Sat, Nov 28, 2026');
    expect(formatContestDate('2026-06-01')).toBe('Mon, Jun 1, 2026');
    expect(formatContestDate('2026-02-30')).toBeNull();
    expect(formatContestDate('')).toBeNull();
    expect(formatContestDate(null)).toBeNull();
  });
});

describe('in the reader’s locale', () => {
  /** Thu 2026-11-26 13:55 in Chicago. */
  const THU_1355 = ms('2026-11-26T19:55:00Z');

  it('writes times in the locale’s clock: 12-hour en-US, 24-hour en-GB (plain spaces, no narrow ones)', () => {
    expect(formatClock(THU_1355, CHICAGO, 'en-US')).toBe('1:55 PM');
    expect(formatClock(THU_1355, CHICAGO, 'en-GB')).toBe('13:55');
    expect(formatClock(SAT_0955, CHICAGO, 'en-GB')).toBe('09:55');
    expect(formatClock(SAT_0955, CHICAGO, 'en-US')).toBe('9:55 AM');
    expect(formatClock(THU_1355, CHICAGO)).toBe('13:55');
    expect(formatClock(THU_1355, CHICAGO, 'en-US')).not.toMatch(/[\u202f\u00a0]/);
  });

  it('writes a clock time with its day, and a day heading, with the locale’s order', () => {
    expect(formatDayClock(SAT_0955, CHICAGO, 'en-US')).toBe('Sat 9:55 AM');
    expect(formatDayClock(SAT_0955, CHICAGO, 'en-GB')).toBe('Sat 09:55');
    expect(formatClockNear(SAT_0955, SAT_0955 + 2 * DAY_MS, CHICAGO, 'en-US')).toBe('Sat 9:55 AM');
    expect(formatClockNear(SAT_0955, SAT_0955 + HOUR_MS, CHICAGO, 'en-US')).toBe('9:55 AM');
    expect(formatClockToday(SAT_0955, SAT_0955 + HOUR_MS, CHICAGO, 'en-GB')).toBe('09:55');
    expect(formatDayLabel(SAT_0955, CHICAGO, 'en-US')).toBe('Sat, Nov 28');
    expect(formatDayLabel(SAT_0955, CHICAGO, 'en-GB')).toBe('Sat 28 Nov');
  });

  it('writes dates as the locale does: Nov 26, 2026 (en-US), 26 Nov 2026 (en-GB), 2026-11-26 without a locale', () => {
    expect(formatDate('2026-11-26', 'en-US')).toBe('Nov 26, 2026');
    expect(formatDate('2026-11-26', 'en-GB')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26')).toBe('2026-11-26');
    expect(formatDate('2026-02-30', 'en-US')).toBeNull();
    expect(formatContestDate('2026-11-28', 'en-US')).toBe('Sat, Nov 28, 2026');
    expect(formatContestDate('2026-11-28', 'en-GB')).toBe('Sat, 28 Nov 2026');
    expect(formatNumericDate(THU_1355, CHICAGO, 'en-US')).toBe('11/26/2026');
    expect(formatNumericDate(THU_1355, CHICAGO, 'en-GB')).toBe('26/11/2026');
    expect(formatNumericDate(THU_1355, CHICAGO)).toBe('2026-11-26');
    expect(formatDateTime(THU_1355, CHICAGO, 'en-US')).toBe('Nov 26, 2026, 1:55 PM');
    expect(formatDateTime(THU_1355, CHICAGO, 'en-GB')).toBe('26 Nov 2026, 13:55');
    expect(formatDateTime(THU_1355, CHICAGO)).toBe('2026-11-26 13:55');
  });

  it('writes a wall-clock hour of a site (no instant) in the locale’s clock', () => {
    expect(formatWallTime('13:00', 'en-US')).toBe('1:00 PM');
    expect(formatWallTime('13:00', 'en-GB')).toBe('13:00');
    expect(formatWallTime('13:00')).toBe('13:00');
    expect(formatWallTime('soon', 'en-US')).toBe('soon');
    expect(formatWallHour('18:00', 'en-US')).toBe('6 PM');
    expect(formatWallHour('06:00', 'en-GB')).toBe('06');
    expect(formatWallHour('06:00')).toBe('06');
  });

  it('a calendar date is the same date in every zone the device may be in', () => {
    fc.assert(
      fc.property(fc.constantFrom('en-US', 'en-GB', 'de-DE'), (locale) => {
        expect(formatDate('2026-01-01', locale)).toMatch(/2026/);
        expect(formatDate('2026-01-01', locale)).toMatch(/\b1\b|01/);
      }),
    );
  });

  it('writes English in the region’s way for a locale of another language, and falls back on a readable one', () => {
    expect(displayLocale('en-US')).toBe('en-US');
    expect(displayLocale('en-GB')).toBe('en-GB');
    expect(displayLocale('de-DE')).toBe('en-DE');
    expect(formatDayClock(SAT_0955, CHICAGO, 'de-DE')).toBe('Sat 09:55');
    expect(formatDate('2026-11-26', 'de-DE')).toBe('26 Nov 2026');
    expect(displayLocale('not a locale!')).toBe('en-US');
    expect(formatClock(THU_1355, CHICAGO, 'not a locale!')).toBe('1:55 PM');
  });

  it('property: with any locale the time has the hour and minute of the instant in the zone', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        fc.constantFrom('en-US', 'en-GB', 'en-AU', 'de-DE', 'fr-FR', 'ja-JP'),
        (at, tz, locale) => {
          const [h, m] = hhmmInZone(at, tz).split(':').map(Number) as [number, number];
          const text = formatClock(at, tz, locale);
          const match = /^(\d{1,2}):(\d{2})(?: ([ap])\.?m\.?)?$/i.exec(text);
          expect(match, text).not.toBeNull();
          const shown = Number(match![1]);
          const hour = match![3] ? (shown % 12) + (match![3].toLowerCase() === 'p' ? 12 : 0) : shown;
          expect(hour).toBe(h);
          expect(Number(match![2])).toBe(m);
        },
      ),
    );
  });
});
