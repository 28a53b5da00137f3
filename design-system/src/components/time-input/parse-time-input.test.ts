import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTime12h, parseTimeInput } from './parse-time-input';

const pad = (n: number) => String(n).padStart(2, '0');

describe('parseTimeInput', () => {
  it.each([
    ['7:05', '07:05'],
    ['07:05', '07:05'],
    ['19:05', '19:05'],
    ['0:00', '00:00'],
    ['23:59', '23:59'],
    ['7:05 PM', '19:05'],
    ['7:05pm', '19:05'],
    ['7:05 am', '07:05'],
    ['7:05 p.m.', '19:05'],
    ['7 PM', '19:00'],
    ['12:00 AM', '00:00'],
    ['12:30 AM', '00:30'],
    ['12:30 PM', '12:30'],
    ['12:00 pm', '12:00'],
    ['11:59 PM', '23:59'],
    ['1:00 AM', '01:00'],
    ['  06:30  ', '06:30'],
    ['06:30:00', '06:30'],
  ])('%s -> %s', (input, expected) => {
    expect(parseTimeInput(input)).toBe(expected);
  });

  it.each([
    '',
    '24:00',
    '25:00',
    '12:60',
    '7:5',
    '7',
    '0:30 AM',
    '13:00 PM',
    '00:00 PM',
    'noon',
    '7:05 XM',
    '-1:00',
    '7:05:60',
    '123:00',
    '12:345',
  ])('rejects %j', (input) => {
    expect(parseTimeInput(input)).toBeNull();
  });
});

describe('parseTimeInput properties', () => {
  it('every valid 24-hour HH:MM round-trips unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const text = `${pad(h)}:${pad(m)}`;
        expect(parseTimeInput(text)).toBe(text);
        expect(parseTimeInput(`${h}:${pad(m)}`)).toBe(text);
      }),
    );
  });

  it('every 12-hour h:MM with AM/PM maps into 00..23 by the rule (12 AM = 00, PM adds 12 except 12 PM)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom('AM', 'PM', 'am', 'pm', 'Am', 'pM'),
        fc.constantFrom('', ' ', '  '),
        (h, m, suffix, space) => {
          const pm = suffix.toLowerCase() === 'pm';
          const expectedHour = h === 12 ? (pm ? 12 : 0) : pm ? h + 12 : h;
          const result = parseTimeInput(`${h}:${pad(m)}${space}${suffix}`);
          expect(result).toBe(`${pad(expectedHour)}:${pad(m)}`);
          const hour = Number(result!.slice(0, 2));
          expect(hour).toBeGreaterThanOrEqual(0);
          expect(hour).toBeLessThanOrEqual(23);
          expect(hour >= 12).toBe(pm);
        },
      ),
    );
  });

  it('formatTime12h and parseTimeInput are inverse on every minute of the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 * 60 + 59 }), (minuteOfDay) => {
        const hhmm = `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
        expect(parseTimeInput(formatTime12h(hhmm)!)).toBe(hhmm);
      }),
    );
  });

  it('any hour 24..99 or minute 60..99 is rejected', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (h, m) => {
        fc.pre(h > 23 || m > 59);
        expect(parseTimeInput(`${pad(h)}:${pad(m)}`)).toBeNull();
      }),
    );
  });

  it('never throws and returns null or a valid HH:MM for any string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const result = parseTimeInput(s);
        if (result !== null) expect(result).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      }),
    );
  });
});
