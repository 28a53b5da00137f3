import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDaysYmd,
  clampWalkTime,
  hhmmInZone,
  hhmmToMinutes,
  isoOnDate,
  minutesBetweenHhMm,
  minutesToHhMm,
  normaliseYmd,
  parseHhMm,
  shiftMinutes,
  ymdInZone,
} from './time';

describe('parseHhMm', () => {
  it.each([
    ['13:05', '13:05'],
    ['7:05', '07:05'],
    ['12:00 AM', '00:00'],
    ['12:30 am', '00:30'],
    ['12:00 PM', '12:00'],
    ['12:45 PM', '12:45'],
    ['1:15 PM', '13:15'],
    ['11:59 PM', '23:59'],
    ['9 AM', '09:00'],
    ['06:30:00', '06:30'],
  ])('reads %j as %j (12 AM is 00, PM adds 12 except 12 PM)', (input, expected) => {
    expect(parseHhMm(input)).toBe(expected);
  });

  it.each(['', '24:00', '12:60', '13:00 PM', '0:30 AM', 'noon'])('refuses %j', (input) => {
    expect(parseHhMm(input)).toBeNull();
  });

  it('returns null for non-strings instead of throwing', () => {
    for (const value of [null, undefined, 1300, {}, []]) expect(parseHhMm(value)).toBeNull();
  });
});

describe('minutes helpers', () => {
  it('minutesBetweenHhMm is b minus a on the same day, null when either is not a time', () => {
    expect(minutesBetweenHhMm('13:00', '14:30')).toBe(90);
    expect(minutesBetweenHhMm('14:30', '13:00')).toBe(-90);
    expect(minutesBetweenHhMm('23:30', '00:30')).toBe(-1380);
    expect(minutesBetweenHhMm('1:00 PM', '14:00')).toBe(60);
    expect(minutesBetweenHhMm('13:00', 'later')).toBeNull();
  });

  it('hhmmToMinutes and minutesToHhMm are inverse on every minute of the day and wrap outside it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (m) => {
        expect(hhmmToMinutes(minutesToHhMm(m))).toBe(m);
      }),
    );
    expect(minutesToHhMm(-30)).toBe('23:30');
    expect(minutesToHhMm(1500)).toBe('01:00');
  });
});

describe('clampWalkTime', () => {
  it.each([
    [0, 0],
    [5, 5],
    [20, 20],
    [21, 20],
    [999, 20],
    [-3, 0],
    [7.9, 7],
    [20.9, 20],
    ['12', 12],
    [' 8 ', 8],
    ['25', 20],
    ['abc', 0],
    ['5 min', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [true, 0],
  ])('%j -> %j (integer clamped to 0-20, truncated, non-numeric 0)', (input, expected) => {
    expect(clampWalkTime(input)).toBe(expected);
  });

  it('always yields an integer in 0..20 for any input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const n = clampWalkTime(value);
        expect(Number.isInteger(n) && n >= 0 && n <= 20).toBe(true);
      }),
    );
  });
});

describe('dates', () => {
  it('normaliseYmd keeps the date part of real dates only', () => {
    expect(normaliseYmd('2026-03-08')).toBe('2026-03-08');
    expect(normaliseYmd('2026-03-08T05:00:00Z')).toBe('2026-03-08');
    expect(normaliseYmd('2026-02-30')).toBeNull();
    expect(normaliseYmd('03/08/2026')).toBeNull();
    expect(normaliseYmd(20260308)).toBeNull();
  });

  it('addDaysYmd crosses month and year ends', () => {
    expect(addDaysYmd('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysYmd('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysYmd('2026-03-08', -7)).toBe('2026-03-01');
    expect(() => addDaysYmd('nope', 1)).toThrow(RangeError);
  });

  it('ymdInZone gives the local date of an instant, not the UTC one', () => {
    const ms = Date.parse('2026-03-08T04:30:00Z');
    expect(ymdInZone(ms, 'America/Chicago')).toBe('2026-03-07');
    expect(ymdInZone(ms, 'UTC')).toBe('2026-03-08');
    expect(hhmmInZone(ms, 'America/Chicago')).toBe('22:30');
  });
});

describe('isoOnDate (wall clock on a date in a zone, DST-correct)', () => {
  it.each([
    // America/Chicago, spring forward 2026-03-08 02:00 CST -> 03:00 CDT
    ['America/Chicago', '2026-03-08', '01:59', '2026-03-08T07:59:00.000Z'],
    ['America/Chicago', '2026-03-08', '02:00', '2026-03-08T08:00:00.000Z'], // gap: 03:00 CDT
    ['America/Chicago', '2026-03-08', '02:30', '2026-03-08T08:30:00.000Z'], // gap: after it, 03:30 CDT
    ['America/Chicago', '2026-03-08', '03:00', '2026-03-08T08:00:00.000Z'],
    ['America/Chicago', '2026-03-08', '13:00', '2026-03-08T18:00:00.000Z'],
    ['America/Chicago', '2026-03-07', '22:00', '2026-03-08T04:00:00.000Z'],
    // America/Chicago, fall back 2026-11-01 02:00 CDT -> 01:00 CST: 01:00-01:59 happen twice
    ['America/Chicago', '2026-11-01', '00:59', '2026-11-01T05:59:00.000Z'],
    ['America/Chicago', '2026-11-01', '01:00', '2026-11-01T06:00:00.000Z'], // the first 01:00 (CDT)
    ['America/Chicago', '2026-11-01', '01:30', '2026-11-01T06:30:00.000Z'], // the first 01:30 (CDT)
    ['America/Chicago', '2026-11-01', '02:00', '2026-11-01T08:00:00.000Z'],
    ['America/Chicago', '2026-11-01', '13:00', '2026-11-01T19:00:00.000Z'],
    // America/New_York, same dates
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
    ['America/New_York', '2026-03-08', '12:00', '2026-03-08T16:00:00.000Z'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['America/New_York', '2026-11-01', '12:00', '2026-11-01T17:00:00.000Z'],
    // a half-hour DST zone, and UTC
    ['Australia/Lord_Howe', '2026-10-04', '02:15', '2026-10-03T15:45:00.000Z'],
    ['UTC', '2026-03-08', '02:30', '2026-03-08T02:30:00.000Z'],
  ])('%s %s %s -> %s', (zone, date, time, expected) => {
    expect(isoOnDate(date, time, zone)).toBe(expected);
  });

  it('reads 12-hour inputs: 12 AM is midnight, 12 PM noon, 1 PM 13:00', () => {
    expect(isoOnDate('2026-06-01', '12:00 AM', 'America/Chicago')).toBe('2026-06-01T05:00:00.000Z');
    expect(isoOnDate('2026-06-01', '12:00 PM', 'America/Chicago')).toBe('2026-06-01T17:00:00.000Z');
    expect(isoOnDate('2026-06-01', '1:00 PM', 'America/Chicago')).toBe('2026-06-01T18:00:00.000Z');
  });

  it('throws RangeError on a bad date, time or zone', () => {
    expect(() => isoOnDate('2026-02-30', '12:00', 'UTC')).toThrow(RangeError);
    expect(() => isoOnDate('2026-03-08', '25:00', 'UTC')).toThrow(RangeError);
    expect(() => isoOnDate('2026-03-08', '12:00', 'Mars/Olympus')).toThrow(RangeError);
  });

  describe('does not depend on the device zone', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });
    it.each(['America/Chicago', 'America/New_York', 'Asia/Kolkata', 'UTC'])(
      'with the process in %s, 01:30 on the fall-back day in New York is still the first 01:30',
      (deviceZone) => {
        process.env.TZ = deviceZone;
        expect(isoOnDate('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
        expect(isoOnDate('2026-11-01', '01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z');
      },
    );
  });

  it('property: the local date and time of any instant resolve back to it (to the minute), or to the first of a repeated hour', () => {
    const zones = ['America/Chicago', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const minute = Math.floor(ms / 60_000) * 60_000;
          const back = Date.parse(isoOnDate(ymdInZone(minute, zone), hhmmInZone(minute, zone), zone));
          expect(back).toBeLessThanOrEqual(minute);
          expect(minute - back).toBeLessThanOrEqual(60 * 60_000);
          expect(hhmmInZone(back, zone)).toBe(hhmmInZone(minute, zone));
          expect(ymdInZone(back, zone)).toBe(ymdInZone(minute, zone));
        },
      ),
    );
  });
});

describe('shiftMinutes', () => {
  it('moves an instant by elapsed minutes, across a DST change', () => {
    expect(shiftMinutes('2026-03-08T18:00:00.000Z', -14 * 60)).toBe('2026-03-08T04:00:00.000Z');
    expect(shiftMinutes('2026-03-08T18:00:00Z', 10)).toBe('2026-03-08T18:10:00.000Z');
    expect(() => shiftMinutes('not a time', 1)).toThrow(RangeError);
  });
});
