import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  adjustedMinutesBefore,
  formatScheduleDelta,
  isRunOver,
  reviewRun,
  scheduleDeltaMinutes,
  stepScheduleDelta,
  suggestsTemplateAdjustment,
} from './run-review';

const MIN = 60_000;
const T = Date.parse('2026-06-01T15:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Reads a formatted difference back as signed minutes ('on time' is 0). */
function readDelta(text: string): number | null {
  if (text === 'on time') return 0;
  const match = /^(\d+) min (late|early)$/.exec(text);
  if (!match) return null;
  return match[2] === 'late' ? Number(match[1]) : -Number(match[1]);
}

type Step = {
  id: string;
  template_id: string | null;
  template_name: string | null;
  scheduled_at: string | null;
  completed_at: string | null;
  status: string;
  dismissed_for_user: boolean;
};

function step(id: string, fields: Partial<Step> = {}): Step {
  return {
    id,
    template_id: 't-ribs',
    template_name: 'Ribs',
    scheduled_at: iso(T),
    completed_at: null,
    status: 'pending',
    dismissed_for_user: false,
    ...fields,
  };
}

describe('scheduleDeltaMinutes and formatScheduleDelta', () => {
  it("reads 'on time' within ±1 minute, else 'N min late' or 'N min early'", () => {
    expect(formatScheduleDelta(scheduleDeltaMinutes(T, T))).toBe('on time');
    expect(formatScheduleDelta(scheduleDeltaMinutes(T, T + MIN))).toBe('on time');
    expect(formatScheduleDelta(scheduleDeltaMinutes(T, T - MIN))).toBe('on time');
    expect(formatScheduleDelta(scheduleDeltaMinutes(T, T + 7 * MIN))).toBe('7 min late');
    expect(formatScheduleDelta(scheduleDeltaMinutes(T, T - 3 * MIN))).toBe('3 min early');
    expect(formatScheduleDelta(scheduleDeltaMinutes(T, T + 2 * MIN))).toBe('2 min late');
  });

  it('rounds to the nearest whole minute, halves away from zero, the same way early and late, never -0', () => {
    expect(scheduleDeltaMinutes(T, T + 89_000)).toBe(1);
    expect(scheduleDeltaMinutes(T, T + 90_000)).toBe(2);
    expect(scheduleDeltaMinutes(T, T - 90_000)).toBe(-2);
    expect(scheduleDeltaMinutes(T, T - 29_000)).toBe(0);
    expect(Object.is(scheduleDeltaMinutes(T, T - 29_000), 0)).toBe(true);
  });

  it('property: a step done m whole minutes (give or take under half a minute) off its time reads back as m, sign and magnitude', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000, max: 2_000 }),
        fc.integer({ min: -29_999, max: 29_999 }),
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        (minutes, jitterMs, scheduledMs) => {
          const delta = scheduleDeltaMinutes(scheduledMs, scheduledMs + minutes * MIN + jitterMs);
          expect(delta).toBe(minutes === 0 ? 0 : minutes);
          const text = formatScheduleDelta(delta);
          if (Math.abs(minutes) <= 1) expect(text).toBe('on time');
          else {
            expect(readDelta(text)).toBe(minutes);
            expect(text.endsWith(minutes > 0 ? 'late' : 'early')).toBe(true);
          }
        },
      ),
    );
  });

  it('property: swapping planned and actual flips the sign and keeps the magnitude', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 4e12 }), (a, b) => {
        expect(scheduleDeltaMinutes(a, b)).toBe(-scheduleDeltaMinutes(b, a) || 0);
        expect(readDelta(formatScheduleDelta(scheduleDeltaMinutes(a, b)))).toBe(
          Math.abs(scheduleDeltaMinutes(a, b)) <= 1 ? 0 : scheduleDeltaMinutes(a, b),
        );
      }),
    );
  });
});

describe('stepScheduleDelta', () => {
  it('is completed_at minus scheduled_at for a completed step, null when not completed or a time is unreadable', () => {
    expect(stepScheduleDelta(step('a', { completed_at: iso(T + 10 * MIN), status: 'completed' }))).toBe(10);
    expect(stepScheduleDelta(step('b', { completed_at: iso(T - 6 * MIN) }))).toBe(-6);
    expect(stepScheduleDelta(step('c'))).toBeNull();
    expect(stepScheduleDelta(step('d', { status: 'done' }))).toBeNull();
    expect(stepScheduleDelta(step('e', { scheduled_at: null, completed_at: iso(T) }))).toBeNull();
    expect(stepScheduleDelta(null)).toBeNull();
  });
});

describe('isRunOver', () => {
  it('is over when every step is completed or dismissed and at least one is completed', () => {
    const done = step('a', { completed_at: iso(T), status: 'completed' });
    const dismissed = step('b', { dismissed_for_user: true });
    expect(isRunOver([done, dismissed])).toBe(true);
    expect(isRunOver([done])).toBe(true);
    expect(isRunOver([dismissed])).toBe(false);
    expect(isRunOver([done, step('c')])).toBe(false);
    expect(isRunOver([])).toBe(false);
  });
});

describe('suggestsTemplateAdjustment and adjustedMinutesBefore', () => {
  it('offers a change from 5 minutes early or late on; later means fewer minutes before turn-in', () => {
    expect([-5, -4, 0, 4, 5, 10, null].map(suggestsTemplateAdjustment)).toEqual([
      true,
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
    expect(adjustedMinutesBefore(90, 10)).toBe(80);
    expect(adjustedMinutesBefore(90, -6)).toBe(96);
  });

  it('property: planning with the adjusted minutes would have scheduled the step at its actual time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: -300, max: 300 }),
        (minutesBefore, delta) => {
          const turnIn = T + 8 * 60 * MIN;
          const planned = turnIn - minutesBefore * MIN;
          const actual = planned + delta * MIN;
          const next = adjustedMinutesBefore(minutesBefore, scheduleDeltaMinutes(planned, actual));
          expect(turnIn - next * MIN).toBe(actual);
        },
      ),
    );
  });
});

describe('reviewRun', () => {
  it('lists completed steps per template in schedule order, templates in order of first appearance, with their times and differences', () => {
    const steps = [
      step('box', { scheduled_at: iso(T + 60 * MIN), completed_at: iso(T + 63 * MIN) }),
      step('inject', {
        template_id: 't-chicken',
        template_name: 'Chicken',
        scheduled_at: iso(T - 60 * MIN),
        completed_at: iso(T - 52 * MIN),
      }),
      step('wrap', { scheduled_at: iso(T), completed_at: iso(T - 5 * MIN) }),
      step('sauce', { template_id: 't-chicken', template_name: 'Chicken', dismissed_for_user: true }),
      step('lone', { template_id: null, template_name: null, scheduled_at: null, completed_at: iso(T) }),
    ];
    const review = reviewRun(steps);
    expect(
      review.map((group) => ({
        name: group.templateName,
        entries: group.entries.map((e) => [e.step.id, e.plannedMs, e.actualMs, e.deltaMinutes]),
      })),
    ).toEqual([
      { name: 'Chicken', entries: [['inject', T - 60 * MIN, T - 52 * MIN, 8]] },
      {
        name: 'Ribs',
        entries: [
          ['wrap', T, T - 5 * MIN, -5],
          ['box', T + 60 * MIN, T + 63 * MIN, 3],
        ],
      },
      { name: null, entries: [['lone', null, T, null]] },
    ]);
  });
});
