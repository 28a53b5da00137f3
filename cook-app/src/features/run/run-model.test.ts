import { describe, expect, it } from 'vitest';
import type { RunStep } from '../../store';
import { countCompleted, formatCountdown, stepColours, stepDayGroups, timelineSchedule } from './run-model';

const T = Date.parse('2026-06-01T15:00:00.000Z');
const S = 1_000;

function step(id: string, template_name: string | null, fields: Partial<RunStep> = {}): RunStep {
  return {
    id,
    run_id: 'run',
    contest_id: 'contest',
    template_id: template_name ? `t-${template_name}` : null,
    template_step_id: null,
    name: id,
    description: null,
    template_name,
    scheduled_at: '2026-06-01T16:00:00.000Z',
    status: 'pending',
    completed_at: null,
    time_mode: null,
    dismissed_for_user: false,
    dismissed_at: null,
    created_at: '2026-06-01T00:00:00.000Z',
    updated_at: '2026-06-01T00:00:00.000Z',
    is_local: true,
    ...fields,
  };
}

describe('formatCountdown', () => {
  it("reads 'in H:MM:SS' from an hour out and 'in M:SS' below, rounding the seconds up", () => {
    expect(formatCountdown(T + 3930 * S, T)).toBe('in 1:05:30');
    expect(formatCountdown(T + 59 * 60 * S + 500, T)).toBe('in 59:01');
    expect(formatCountdown(T + 1, T)).toBe('in 0:01');
    expect(formatCountdown(T, T)).toBe('in 0:00');
  });

  it("reads 'overdue M:SS' (or H:MM:SS) once past the due time, rounding the seconds down", () => {
    expect(formatCountdown(T - 252 * S, T)).toBe('overdue 4:12');
    expect(formatCountdown(T - 1, T)).toBe('overdue 0:00');
    expect(formatCountdown(T - 3600 * S, T)).toBe('overdue 1:00:00');
    expect(formatCountdown(T - 23 * 3600 * S, T)).toBe('overdue 23:00:00');
  });

  it("reads days and hours from 24 h on: a step 75:49:56 away reads 'in 3 d 3 h', one 26 h past 'overdue 1 d 2 h'", () => {
    expect(formatCountdown(T + (75 * 3600 + 49 * 60 + 56) * S, T)).toBe('in 3 d 3 h');
    expect(formatCountdown(T + 24 * 3600 * S, T)).toBe('in 1 d');
    expect(formatCountdown(T + 24 * 3600 * S - 1, T)).toBe('in 1 d');
    expect(formatCountdown(T + 24 * 3600 * S - 1000, T)).toBe('in 23:59:59');
    expect(formatCountdown(T - 26 * 3600 * S, T)).toBe('overdue 1 d 2 h');
  });
});

describe('stepDayGroups', () => {
  const due = (id: string, iso: string | null) => step(id, 'Brisket', { scheduled_at: iso });

  it('makes one group per day of the due times in the zone, in order, with a "Sat 28 Nov" label', () => {
    const steps = [
      due('trim', '2026-11-28T01:00:00.000Z'), // Fri 19:00 in Chicago
      due('on', '2026-11-28T04:30:00.000Z'), // Fri 22:30
      due('wrap', '2026-11-28T12:00:00.000Z'), // Sat 06:00
      due('box', '2026-11-28T19:20:00.000Z'), // Sat 13:20
    ];
    expect(
      stepDayGroups(steps, 'America/Chicago', 'en-GB').map((g) => [g.key, g.label, g.steps.map((s) => s.id)]),
    ).toEqual([
      ['2026-11-27', 'Fri 27 Nov', ['trim', 'on']],
      ['2026-11-28', 'Sat 28 Nov', ['wrap', 'box']],
    ]);
    expect(stepDayGroups(steps, 'UTC', 'en-GB').map((g) => g.label)).toEqual(['Sat 28 Nov']);
  });

  it("labels the days in the locale's way ('Fri, Nov 27' in en-US)", () => {
    const steps = [due('trim', '2026-11-28T01:00:00.000Z'), due('wrap', '2026-11-28T12:00:00.000Z')];
    expect(stepDayGroups(steps, 'America/Chicago', 'en-US').map((g) => g.label)).toEqual([
      'Fri, Nov 27',
      'Sat, Nov 28',
    ]);
  });

  it("puts steps without a due time in a last 'No time' group, and gives one group when all are on one day", () => {
    const steps = [
      due('a', '2026-11-27T23:00:00.000Z'),
      due('b', '2026-11-28T01:00:00.000Z'),
      due('c', null),
    ];
    expect(
      stepDayGroups(steps, 'UTC', 'en-GB').map((g) => [g.key, g.label, g.steps.map((s) => s.id)]),
    ).toEqual([
      ['2026-11-27', 'Fri 27 Nov', ['a']],
      ['2026-11-28', 'Sat 28 Nov', ['b']],
      ['none', 'No time', ['c']],
    ]);
    expect(stepDayGroups(steps, 'America/Chicago', 'en-GB').map((g) => g.key)).toEqual([
      '2026-11-27',
      'none',
    ]);
    expect(stepDayGroups([], 'UTC', 'en-GB')).toEqual([]);
  });
});

describe('stepColours', () => {
  it('colours templates by first appearance in schedule order, cycling four colours, and white for a step with no template name', () => {
    const colours = stepColours([
      step('a', 'Chicken'),
      step('b', null),
      step('c', 'Ribs'),
      step('d', 'Chicken'),
      step('e', 'Pork'),
      step('f', 'Brisket'),
      step('g', 'Jackpot'),
      step('h', '  '),
    ]);
    expect(Object.fromEntries(colours)).toEqual({
      a: 'amber',
      b: 'white',
      c: 'sky',
      d: 'amber',
      e: 'rose',
      f: 'green',
      g: 'amber',
      h: 'white',
    });
  });
});

describe('countCompleted and timelineSchedule', () => {
  it('counts completed steps (status or completed_at) and leaves steps without a time off the timeline', () => {
    const steps = [
      step('a', 'Ribs', { status: 'done' }),
      step('b', 'Ribs', { completed_at: '2026-06-01T15:00:00.000Z' }),
      step('c', 'Ribs', { dismissed_for_user: true }),
      step('d', null, { scheduled_at: null }),
    ];
    expect(countCompleted(steps)).toBe(2);
    expect(timelineSchedule(steps).map((s) => [s.uid, s.template_name, s.scheduled_at])).toEqual([
      ['a', 'Ribs', '2026-06-01T16:00:00.000Z'],
      ['b', 'Ribs', '2026-06-01T16:00:00.000Z'],
      ['c', 'Ribs', '2026-06-01T16:00:00.000Z'],
    ]);
  });
});
