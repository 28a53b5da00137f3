import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hhmmToMinutes } from '../../domain';
import {
  describeMinutesBefore,
  describeWallClock,
  formatDuration,
  stepsInDayOrder,
  stepTurnIn,
  stepWallClock,
} from './step-timing';

const DAY = 24 * 60;
const turnInArb = fc.integer({ min: 0, max: DAY - 1 });
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe('describeMinutesBefore', () => {
  it.each([
    [45, '45 min before turn-in'],
    [60, '1 h before turn-in'],
    [90, '1 h 30 min before turn-in'],
    [840, '14 h before turn-in'],
    [0, 'at turn-in'],
    [-15, '15 min after turn-in'],
    [-75, '1 h 15 min after turn-in'],
    [0.5, '0.5 min before turn-in'],
    [0.1 + 0.2, '0.3 min before turn-in'],
    [119.999, '2 h before turn-in'],
  ])('reads %s minutes as "%s"', (minutes, text) => {
    expect(describeMinutesBefore(minutes)).toBe(text);
  });

  it('reads every whole number of minutes back to the same number and direction', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }).filter((m) => m !== 0),
        (minutes) => {
          const m = /^(?:(\d+) h)? ?(?:(\d+) min)? (before|after) turn-in$/.exec(
            describeMinutesBefore(minutes),
          );
          expect(m).not.toBeNull();
          const [, hours = '0', rest = '0', direction] = m ?? [];
          expect(Number(hours) * 60 + Number(rest)).toBe(Math.abs(minutes));
          expect(Number(rest)).toBeLessThan(60);
          expect(direction).toBe(minutes > 0 ? 'before' : 'after');
        },
      ),
    );
  });

  it('formats a duration under an hour in minutes only', () => {
    expect(formatDuration(59)).toBe('59 min');
  });
});

describe('stepWallClock', () => {
  it.each([
    ['11:00', 90, { time: '09:30', dayOffset: 0 }, 'at 09:30'],
    ['12:00', 0, { time: '12:00', dayOffset: 0 }, 'at 12:00'],
    ['12:00', 840, { time: '22:00', dayOffset: -1 }, 'at 22:00 the day before'],
    ['12:00', 3600, { time: '00:00', dayOffset: -2 }, 'at 00:00, 2 days before'],
    ['23:30', -45, { time: '00:15', dayOffset: 1 }, 'at 00:15 the day after'],
    ['12:00', 0.5, { time: '11:59', dayOffset: 0 }, 'at 11:59'],
  ])('turn-in %s minus %s minutes is %o, read "%s"', (turnIn, minutes, wall, text) => {
    expect(stepWallClock(turnIn, minutes)).toEqual(wall);
    expect(describeWallClock(wall, 'en-GB')).toBe(text);
  });

  it("reads the time in the locale's clock: 'at 9:30 PM the day before' in en-US", () => {
    expect(describeWallClock({ time: '21:30', dayOffset: -1 }, 'en-US')).toBe('at 9:30 PM the day before');
    expect(describeWallClock({ time: '00:15', dayOffset: 1 }, 'en-US')).toBe('at 12:15 AM the day after');
  });

  it('has no clock time without a readable turn-in time or minutes', () => {
    expect(stepWallClock(null, 30)).toBeNull();
    expect(stepWallClock('25:00', 30)).toBeNull();
    expect(stepWallClock('12:00', Number.NaN)).toBeNull();
  });

  it('is turn-in minus the minutes, modulo a day, with the whole days in dayOffset', () => {
    fc.assert(
      fc.property(turnInArb, fc.integer({ min: -20_000, max: 20_000 }), (turnIn, minutes) => {
        const wall = stepWallClock(hhmm(turnIn), minutes);
        const clock = hhmmToMinutes(wall?.time);
        expect(clock).not.toBeNull();
        expect((wall?.dayOffset ?? Number.NaN) * DAY + (clock ?? Number.NaN)).toBe(turnIn - minutes);
      }),
    );
  });

  it('shows the last whole minute a fractional step time has reached', () => {
    fc.assert(
      fc.property(turnInArb, fc.double({ min: -20_000, max: 20_000, noNaN: true }), (turnIn, minutes) => {
        const wall = stepWallClock(hhmm(turnIn), minutes);
        const shown = (wall?.dayOffset ?? Number.NaN) * DAY + (hhmmToMinutes(wall?.time) ?? Number.NaN);
        const exact = turnIn - Math.round(minutes * 60_000) / 60_000;
        expect(exact - shown).toBeGreaterThanOrEqual(0);
        expect(exact - shown).toBeLessThan(1);
      }),
    );
  });
});

describe('stepTurnIn', () => {
  it("counts from the step's own turn-in when it has one, else from the template's", () => {
    expect(stepTurnIn({ turn_in_time: '13:00' }, '12:00')).toBe('13:00');
    expect(stepTurnIn({ turn_in_time: null }, '12:00')).toBe('12:00');
    expect(stepTurnIn({ turn_in_time: null }, null)).toBeNull();
  });
});

describe('stepsInDayOrder', () => {
  const step = (id: string, minutes_before_turn_in: number, turn_in_time: string | null = null) => ({
    id,
    template_id: 't',
    name: id,
    turn_in_time,
    minutes_before_turn_in,
  });
  const ids = (steps: { id: string }[]) => steps.map((s) => s.id);

  it('orders by the time each step is due, its own turn-in included; equal times keep the given order', () => {
    const template = { id: 't', turn_in_time: '13:00' };
    const steps = [step('13:10', 50, '14:00'), step('12:50', 10), step('12:50 too', 100, '14:30')];
    expect(ids(stepsInDayOrder(steps, template))).toEqual(['12:50', '12:50 too', '13:10']);
    expect(ids(stepsInDayOrder([...steps].reverse(), template))).toEqual(['12:50 too', '12:50', '13:10']);
  });

  it('without a template turn-in counts from the first own time, as the run schedule does', () => {
    const steps = [step('rest', 20), step('sauce', 30, '13:00'), step('box', 0, '12:40')];
    // Reference 13:00 (the first own time): rest 12:40, sauce 12:30, box 12:40 (after rest: given later).
    expect(ids(stepsInDayOrder(steps, { id: 't', turn_in_time: null }))).toEqual(['sauce', 'rest', 'box']);
  });

  it('keeps every step exactly once, in an order whose due times never go back (property)', () => {
    fc.assert(
      fc.property(
        turnInArb,
        fc.array(
          fc.record({
            minutes: fc.integer({ min: -120, max: 1_440 }),
            own: fc.option(turnInArb, { nil: null }),
          }),
          { maxLength: 12 },
        ),
        (turnIn, rows) => {
          const steps = rows.map((r, i) => step(`s${i}`, r.minutes, r.own === null ? null : hhmm(r.own)));
          const ordered = stepsInDayOrder(steps, { id: 't', turn_in_time: hhmm(turnIn) });
          expect([...ids(ordered)].sort()).toEqual([...ids(steps)].sort());
          const due = ordered.map(
            (s) => (hhmmToMinutes(s.turn_in_time) ?? turnIn) - s.minutes_before_turn_in,
          );
          for (let i = 1; i < due.length; i += 1) {
            expect(due[i]).toBeGreaterThanOrEqual(due[i - 1]!);
            if (due[i] === due[i - 1])
              expect(steps.indexOf(ordered[i]!)).toBeGreaterThan(steps.indexOf(ordered[i - 1]!));
          }
        },
      ),
    );
  });
});
