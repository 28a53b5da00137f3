import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeRunSchedule,
  type RunScheduleInput,
  type ScheduleAttachment,
  type ScheduleTemplate,
  type ScheduleTemplateStep,
} from './schedule';
import { isoOnDate, minutesToHhMm } from './time';

const CHICAGO = 'America/Chicago';

function step(
  id: string,
  template_id: string,
  minutes: number,
  extra: Partial<ScheduleTemplateStep> = {},
): ScheduleTemplateStep {
  return { id, template_id, name: `step ${id}`, minutes_before_turn_in: minutes, ...extra };
}

function run(
  partial: Partial<RunScheduleInput> & Pick<RunScheduleInput, 'steps'>,
): ReturnType<typeof computeRunSchedule> {
  return computeRunSchedule({
    contest: { id: 'c1', contest_date: '2026-05-16' },
    attachments: [{ template_id: 't1' }],
    templates: { t1: { id: 't1', name: 'Brisket', turn_in_time: '13:30' } },
    timeZone: CHICAGO,
    ...partial,
  });
}

const times = (steps: { scheduled_at: string }[]) => steps.map((s) => s.scheduled_at);

describe('computeRunSchedule', () => {
  it('puts each step at turn-in on the contest date minus its minutes before turn-in', () => {
    const out = run({ steps: [step('a', 't1', 60), step('b', 't1', 15), step('c', 't1', 0)] });
    expect(out).toEqual([
      {
        template_id: 't1',
        template_step_id: 'a',
        template_name: 'Brisket',
        name: 'step a',
        description: '',
        scheduled_at: '2026-05-16T17:30:00.000Z',
      },
      {
        template_id: 't1',
        template_step_id: 'b',
        template_name: 'Brisket',
        name: 'step b',
        description: '',
        scheduled_at: '2026-05-16T18:15:00.000Z',
      },
      {
        template_id: 't1',
        template_step_id: 'c',
        template_name: 'Brisket',
        name: 'step c',
        description: '',
        scheduled_at: '2026-05-16T18:30:00.000Z',
      },
    ]);
  });

  it('an overnight brisket (14.5 hours before a 13:30 turn-in) lands on the previous day', () => {
    const out = run({ steps: [step('inject', 't1', 14 * 60 + 30, { description: 'Trim and inject' })] });
    expect(out[0]!.scheduled_at).toBe('2026-05-16T04:00:00.000Z'); // 23:00 CDT on 2026-05-15
    expect(out[0]!.description).toBe('Trim and inject');
  });

  it('the walk-time adjustment moves every step earlier by that many minutes, clamped to 0-20', () => {
    const steps = [step('a', 't1', 60), step('b', 't1', 0)];
    const base = times(run({ steps }));
    const minus = (iso: string, m: number) => new Date(Date.parse(iso) - m * 60_000).toISOString();
    for (const [walk, expected] of [
      [5, 5],
      ['12', 12],
      [25, 20],
      [-4, 0],
      ['abc', 0],
      [null, 0],
      [7.8, 7],
    ] as const) {
      const out = run({
        steps,
        contest: { id: 'c1', contest_date: '2026-05-16', walk_time_adjust_minutes: walk },
      });
      expect(times(out)).toEqual(base.map((t) => minus(t, expected)));
    }
  });

  it('an attachment override shifts the template steps by (override - template turn-in)', () => {
    const steps = [step('a', 't1', 90), step('b', 't1', 0)];
    const out = run({ steps, attachments: [{ template_id: 't1', override_turn_in_time: '14:00' }] });
    expect(times(out)).toEqual(['2026-05-16T17:30:00.000Z', '2026-05-16T19:00:00.000Z']);
    const earlier = run({ steps, attachments: [{ template_id: 't1', override_turn_in_time: '11:00 AM' }] });
    expect(times(earlier)).toEqual(['2026-05-16T14:30:00.000Z', '2026-05-16T16:00:00.000Z']);
  });

  it('an empty or unreadable override is no override', () => {
    const steps = [step('a', 't1', 0)];
    for (const override of [null, '', 'soon', undefined]) {
      expect(
        times(run({ steps, attachments: [{ template_id: 't1', override_turn_in_time: override }] })),
      ).toEqual(['2026-05-16T18:30:00.000Z']);
    }
  });

  it('reads 12-hour turn-in times: 12 AM is 00, 12 PM is noon, PM adds 12', () => {
    const steps = [step('a', 't1', 0)];
    const at = (turnIn: string) =>
      times(run({ steps, templates: { t1: { id: 't1', name: 'X', turn_in_time: turnIn } } }))[0];
    expect(at('12:15 AM')).toBe('2026-05-16T05:15:00.000Z');
    expect(at('12:15 PM')).toBe('2026-05-16T17:15:00.000Z');
    expect(at('1:30 PM')).toBe('2026-05-16T18:30:00.000Z');
    expect(at('1:30 am')).toBe('2026-05-16T06:30:00.000Z');
    const override12am = run({
      steps,
      attachments: [{ template_id: 't1', override_turn_in_time: '12:00 AM' }],
    });
    expect(times(override12am)).toEqual(['2026-05-16T05:00:00.000Z']);
  });

  it('a template without steps yields one step named after the template (Turn-in when unnamed)', () => {
    const out = computeRunSchedule({
      contest: { id: 'c1', contest_date: '2026-05-16', walk_time_adjust_minutes: 10 },
      attachments: [{ template_id: 'j' }, { template_id: 'u' }],
      templates: {
        j: { id: 'j', name: 'Jackpot Dessert', turn_in_time: '15:00' },
        u: { id: 'u', name: null, turn_in_time: '16:00' },
      },
      steps: [],
      timeZone: CHICAGO,
    });
    expect(out).toEqual([
      {
        template_id: 'j',
        template_step_id: null,
        template_name: 'Jackpot Dessert',
        name: 'Jackpot Dessert',
        description: '',
        scheduled_at: '2026-05-16T19:50:00.000Z',
      },
      {
        template_id: 'u',
        template_step_id: null,
        template_name: '',
        name: 'Turn-in',
        description: '',
        scheduled_at: '2026-05-16T20:50:00.000Z',
      },
    ]);
  });

  it("a step's own turn-in time takes precedence over the template's and moves with the override", () => {
    const steps = [step('a', 't1', 0), step('b', 't1', 0, { turn_in_time: '12:00' })];
    expect(times(run({ steps }))).toEqual(['2026-05-16T17:00:00.000Z', '2026-05-16T18:30:00.000Z']);
    const shifted = run({ steps, attachments: [{ template_id: 't1', override_turn_in_time: '14:30' }] });
    expect(times(shifted)).toEqual(['2026-05-16T18:00:00.000Z', '2026-05-16T19:30:00.000Z']);
  });

  it('a template with no turn-in time takes its first timed step as reference, else 12:00; an override with no base is the base', () => {
    const noTime = { t1: { id: 't1', name: 'Ribs', turn_in_time: null } };
    expect(times(run({ templates: noTime, steps: [step('a', 't1', 30)] }))).toEqual([
      '2026-05-16T16:30:00.000Z',
    ]);
    const withOverride = run({
      templates: noTime,
      steps: [step('a', 't1', 30)],
      attachments: [{ template_id: 't1', override_turn_in_time: '14:00' }],
    });
    expect(times(withOverride)).toEqual(['2026-05-16T18:30:00.000Z']);
    const stepTimed = run({
      templates: noTime,
      steps: [step('a', 't1', 30), step('b', 't1', 0, { turn_in_time: '13:00' })],
      attachments: [{ template_id: 't1', override_turn_in_time: '14:00' }],
    });
    expect(times(stepTimed)).toEqual(['2026-05-16T18:30:00.000Z', '2026-05-16T19:00:00.000Z']);
  });

  it('an override crossing midnight rolls the turn-in to the previous day', () => {
    const out = run({
      templates: { t1: { id: 't1', name: 'X', turn_in_time: '00:30' } },
      steps: [step('a', 't1', 0)],
      attachments: [{ template_id: 't1', override_turn_in_time: '23:30' }],
    });
    expect(times(out)).toEqual(['2026-05-17T04:30:00.000Z']); // 23:30 CDT on the contest date
    const back = run({
      templates: { t1: { id: 't1', name: 'X', turn_in_time: '23:30' } },
      steps: [step('a', 't1', 0, { turn_in_time: '00:15' })],
      attachments: [{ template_id: 't1', override_turn_in_time: '22:30' }],
    });
    expect(times(back)).toEqual(['2026-05-16T04:15:00.000Z']); // 00:15 - 1 h = 23:15 CDT the day before
  });

  it('is sorted by due time; ties keep attachment order, then step order', () => {
    const out = computeRunSchedule({
      contest: { id: 'c1', contest_date: '2026-05-16' },
      attachments: [{ template_id: 'ribs' }, { template_id: 'chicken' }],
      templates: {
        ribs: { id: 'ribs', name: 'Ribs', turn_in_time: '12:00' },
        chicken: { id: 'chicken', name: 'Chicken', turn_in_time: '11:30' },
      },
      steps: [
        step('c1', 'chicken', 0),
        step('r1', 'ribs', 30),
        step('r2', 'ribs', 30),
        step('c2', 'chicken', 60),
        step('r3', 'ribs', 360),
      ],
      timeZone: CHICAGO,
    });
    expect(out.map((s) => s.template_step_id)).toEqual(['r3', 'c2', 'r1', 'r2', 'c1']);
    // r1, r2 and c1 are all at 11:30: Ribs was attached first
  });

  it('a template attached twice counts once; an unknown template with no steps is skipped; with steps it keeps them', () => {
    const out = computeRunSchedule({
      contest: { id: 'c1', contest_date: '2026-05-16' },
      attachments: [
        { template_id: 't1' },
        { template_id: 't1', override_turn_in_time: '15:00' },
        { template_id: 'gone' },
        { template_id: 'orphan' },
      ],
      templates: { t1: { id: 't1', name: 'Pork', turn_in_time: '12:30' } },
      steps: [step('a', 't1', 0), step('o', 'orphan', 0)],
      timeZone: CHICAGO,
    });
    expect(out.map((s) => [s.template_step_id, s.template_name, s.scheduled_at])).toEqual(
      [
        ['a', 'Pork', '2026-05-16T17:30:00.000Z'],
        ['o', '', '2026-05-16T17:00:00.000Z'],
      ].sort((x, y) => (x[2]! < y[2]! ? -1 : 1)),
    );
  });

  it('reads legacy step fields (mins_before_turn_in, offset_minutes, step_name) and counts unreadable minutes as 0', () => {
    const legacy = [
      { id: 'a', template_id: 't1', step_name: 'Fire up', mins_before_turn_in: '120' },
      { id: 'b', template_id: 't1', name: 'Rest', offset_minutes: 30 },
      { id: 'c', template_id: 't1', name: 'Box', minutes_before_turn_in: 'soon' },
    ] as unknown as ScheduleTemplateStep[];
    const out = run({ steps: legacy });
    expect(out.map((s) => [s.name, s.scheduled_at])).toEqual([
      ['Fire up', '2026-05-16T16:30:00.000Z'],
      ['Rest', '2026-05-16T18:00:00.000Z'],
      ['Box', '2026-05-16T18:30:00.000Z'],
    ]);
  });

  it('an unreadable contest date yields an empty schedule', () => {
    expect(run({ steps: [step('a', 't1', 0)], contest: { id: 'c1', contest_date: 'someday' } })).toEqual([]);
  });

  describe('daylight-saving changes on the contest date', () => {
    const brisket = (date: string, zone: string, turnIn = '13:00') =>
      computeRunSchedule({
        contest: { id: 'c1', contest_date: date },
        attachments: [{ template_id: 'b' }],
        templates: { b: { id: 'b', name: 'Brisket', turn_in_time: turnIn } },
        steps: [step('fire', 'b', 14 * 60), step('wrap', 'b', 5 * 60), step('box', 'b', 0)],
        timeZone: zone,
      }).map((s) => s.scheduled_at);

    it('Chicago spring forward (2026-03-08): a 14-hour cook is 14 elapsed hours before a 13:00 CDT turn-in', () => {
      expect(brisket('2026-03-08', CHICAGO)).toEqual([
        '2026-03-08T04:00:00.000Z', // 22:00 CST on March 7 (a wall-clock subtraction would say 23:00)
        '2026-03-08T13:00:00.000Z', // 08:00 CDT
        '2026-03-08T18:00:00.000Z', // 13:00 CDT
      ]);
    });

    it('Chicago fall back (2026-11-01): 12 hours before a 13:00 CST turn-in is the second 01:00', () => {
      const out = computeRunSchedule({
        contest: { id: 'c1', contest_date: '2026-11-01' },
        attachments: [{ template_id: 'b' }],
        templates: { b: { id: 'b', name: 'Brisket', turn_in_time: '13:00' } },
        steps: [step('fire', 'b', 12 * 60), step('box', 'b', 0)],
        timeZone: CHICAGO,
      });
      expect(times(out)).toEqual(['2026-11-01T07:00:00.000Z', '2026-11-01T19:00:00.000Z']);
    });

    it('New York spring forward and fall back', () => {
      expect(brisket('2026-03-08', 'America/New_York')).toEqual([
        '2026-03-08T03:00:00.000Z',
        '2026-03-08T12:00:00.000Z',
        '2026-03-08T17:00:00.000Z',
      ]);
      expect(brisket('2026-11-01', 'America/New_York')).toEqual([
        '2026-11-01T04:00:00.000Z', // 00:00 EDT
        '2026-11-01T13:00:00.000Z',
        '2026-11-01T18:00:00.000Z',
      ]);
    });

    it('a turn-in inside the spring-forward gap moves past the gap; one in the repeated hour is the first', () => {
      expect(brisket('2026-03-08', CHICAGO, '02:30').at(-1)).toBe('2026-03-08T08:30:00.000Z'); // 03:30 CDT
      expect(brisket('2026-11-01', CHICAGO, '01:30').at(-1)).toBe('2026-11-01T06:30:00.000Z'); // first 01:30 (CDT)
    });
  });
});

// Property tests -------------------------------------------------------------------------------------

const ZONES = ['America/Chicago', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'];
const DATES = [
  '2026-03-08',
  '2026-11-01',
  '2026-03-07',
  '2026-03-29',
  '2026-10-04',
  '2026-05-16',
  '2026-12-31',
];

type Case = {
  date: string;
  zone: string;
  walk: number;
  templates: {
    id: string;
    name: string;
    turnIn: number | null;
    override: number | null;
    steps: { minutes: number; own: number | null }[];
  }[];
};

const caseArb = (opts: { ownTimes: boolean; minMinutes?: number }) =>
  fc
    .record({
      date: fc.constantFrom(...DATES),
      zone: fc.constantFrom(...ZONES),
      walk: fc.integer({ min: 0, max: 20 }),
      templates: fc.array(
        fc.record({
          name: fc.constantFrom('Chicken', 'Ribs', 'Pork', 'Brisket', ''),
          turnIn: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
          override: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
          steps: fc.array(
            fc.record({
              minutes: fc.integer({ min: opts.minMinutes ?? -60, max: 24 * 60 }),
              own: opts.ownTimes
                ? fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null })
                : fc.constant(null),
            }),
            { maxLength: 8 },
          ),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map((c) => ({ ...c, templates: c.templates.map((t, i) => ({ ...t, id: `t${i}` })) }) as Case);

function toInput(
  c: Case,
  patch: { walk?: number; overrides?: Record<string, number | null> } = {},
): RunScheduleInput {
  const templates: Record<string, ScheduleTemplate> = {};
  const attachments: ScheduleAttachment[] = [];
  const steps: ScheduleTemplateStep[] = [];
  for (const t of c.templates) {
    templates[t.id] = {
      id: t.id,
      name: t.name,
      turn_in_time: t.turnIn === null ? null : minutesToHhMm(t.turnIn),
    };
    const override = patch.overrides && t.id in patch.overrides ? patch.overrides[t.id]! : t.override;
    attachments.push({
      template_id: t.id,
      override_turn_in_time: override === null ? null : minutesToHhMm(override),
    });
    t.steps.forEach((s, i) =>
      steps.push({
        id: `${t.id}-s${i}`,
        template_id: t.id,
        name: `s${i}`,
        minutes_before_turn_in: s.minutes,
        turn_in_time: s.own === null ? null : minutesToHhMm(s.own),
      }),
    );
  }
  return {
    contest: { id: 'c', contest_date: c.date, walk_time_adjust_minutes: patch.walk ?? c.walk },
    attachments,
    templates,
    steps,
    timeZone: c.zone,
  };
}

const byStepId = (out: ReturnType<typeof computeRunSchedule>) =>
  new Map(out.map((s) => [s.template_step_id ?? `${s.template_id}-turn-in`, Date.parse(s.scheduled_at)]));

describe('computeRunSchedule properties', () => {
  it('order is preserved within a template: by minutes before turn-in (descending), ties in step order', () => {
    fc.assert(
      fc.property(caseArb({ ownTimes: false }), (c) => {
        const out = computeRunSchedule(toInput(c));
        for (const t of c.templates) {
          const got = out
            .filter((s) => s.template_id === t.id && s.template_step_id !== null)
            .map((s) => s.template_step_id);
          const expected = t.steps
            .map((s, i) => ({ id: `${t.id}-s${i}`, minutes: s.minutes, i }))
            .sort((a, b) => b.minutes - a.minutes || a.i - b.i)
            .map((s) => s.id);
          expect(got).toEqual(expected);
        }
      }),
    );
  });

  it('the output is sorted by due time and holds one step per template step (or one per empty template)', () => {
    fc.assert(
      fc.property(caseArb({ ownTimes: true }), (c) => {
        const out = computeRunSchedule(toInput(c));
        const ms = out.map((s) => Date.parse(s.scheduled_at));
        expect(ms).toEqual([...ms].sort((a, b) => a - b));
        expect(out.length).toBe(c.templates.reduce((n, t) => n + Math.max(1, t.steps.length), 0));
      }),
    );
  });

  it('a larger walk-time adjustment never makes a step later (it moves each exactly by the difference)', () => {
    fc.assert(
      fc.property(
        caseArb({ ownTimes: true }),
        fc.integer({ min: -5, max: 30 }),
        fc.integer({ min: -5, max: 30 }),
        (c, w1, w2) => {
          const [small, large] = w1 <= w2 ? [w1, w2] : [w2, w1];
          const a = byStepId(computeRunSchedule(toInput(c, { walk: small })));
          const b = byStepId(computeRunSchedule(toInput(c, { walk: large })));
          const clamp = (w: number) => Math.min(20, Math.max(0, w));
          for (const [id, at] of a) {
            expect(b.get(id)!).toBeLessThanOrEqual(at);
            expect(at - b.get(id)!).toBe((clamp(large) - clamp(small)) * 60_000);
          }
        },
      ),
    );
  });

  it('an override shifts every step of the template by the same amount (any zone, DST dates included)', () => {
    fc.assert(
      fc.property(caseArb({ ownTimes: false }), fc.integer({ min: 0, max: 1439 }), (c, override) => {
        const target = c.templates[0]!;
        const overrides = Object.fromEntries(c.templates.map((t) => [t.id, null]));
        const without = byStepId(computeRunSchedule(toInput(c, { overrides })));
        const withOverride = byStepId(
          computeRunSchedule(toInput(c, { overrides: { ...overrides, [target.id]: override } })),
        );
        const deltas = new Set<number>();
        for (const [id, at] of without) {
          const delta = withOverride.get(id)! - at;
          if (id.startsWith(`${target.id}-`)) deltas.add(delta);
          else expect(delta).toBe(0);
        }
        expect(deltas.size).toBe(1);
      }),
    );
  });

  it('with own step times too, an override shifts every step of the template by the same amount (UTC)', () => {
    fc.assert(
      fc.property(caseArb({ ownTimes: true }), fc.integer({ min: 0, max: 1439 }), (c0, override) => {
        const c = { ...c0, zone: 'UTC' };
        const target = c.templates[0]!;
        const overrides = Object.fromEntries(c.templates.map((t) => [t.id, null]));
        const without = byStepId(computeRunSchedule(toInput(c, { overrides })));
        const withOverride = byStepId(
          computeRunSchedule(toInput(c, { overrides: { ...overrides, [target.id]: override } })),
        );
        const reference = target.turnIn ?? target.steps.find((s) => s.own !== null)?.own ?? 12 * 60;
        for (const [id, at] of without) {
          if (id.startsWith(`${target.id}-`))
            expect(withOverride.get(id)! - at).toBe((override - reference) * 60_000);
        }
      }),
    );
  });

  it('every step with minutes before >= 0 lies at or before its turn-in minus the walk time', () => {
    fc.assert(
      fc.property(caseArb({ ownTimes: false, minMinutes: 0 }), (c) => {
        const out = computeRunSchedule(toInput(c));
        for (const t of c.templates) {
          const turnIn = t.override ?? t.turnIn ?? 12 * 60;
          const limit = Date.parse(isoOnDate(c.date, minutesToHhMm(turnIn), c.zone)) - c.walk * 60_000;
          for (const s of out.filter((x) => x.template_id === t.id))
            expect(Date.parse(s.scheduled_at)).toBeLessThanOrEqual(limit);
        }
      }),
    );
  });
});
