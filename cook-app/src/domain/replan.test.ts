import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupPlanChanges, netPlanChanges, readRunReplans, replanRun, type ReplanStep } from './replan';
import { computeRunSchedule, type RunScheduleInput, type ScheduledStep } from './schedule';
import { isStepCompleted, isStepPending } from './step-state';
import { minutesToHhMm } from './time';

const NOW = '2026-11-28T13:00:00.000Z';
const ZONE = 'America/Chicago';
const TEMPLATE_NAMES = ['Chicken', 'Ribs', 'Pork', 'Brisket'];

type Step = ReplanStep & { run_id: string };

/** A plan over a fixed universe of templates t0..t3 with steps s0..s4, so two plans share identities. */
type Plan = {
  date: string;
  walk: number;
  templates: {
    attached: boolean;
    turnIn: number | null;
    override: number | null;
    steps: (number | null)[];
  }[];
};

const planArb: fc.Arbitrary<Plan> = fc.record({
  date: fc.constantFrom('2026-11-28', '2026-11-29', '2027-03-14'),
  walk: fc.integer({ min: 0, max: 20 }),
  templates: fc.array(
    fc.record({
      attached: fc.boolean(),
      turnIn: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
      override: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
      // minutes before turn-in per template step; null: the step is not in the template (now).
      steps: fc.array(fc.option(fc.integer({ min: -30, max: 18 * 60 }), { nil: null }), {
        minLength: 5,
        maxLength: 5,
      }),
    }),
    { minLength: 4, maxLength: 4 },
  ),
});

function scheduleOf(plan: Plan): ScheduledStep[] {
  const input: RunScheduleInput = {
    contest: { id: 'c1', contest_date: plan.date, walk_time_adjust_minutes: plan.walk },
    attachments: [],
    templates: {},
    steps: [],
    timeZone: ZONE,
  };
  plan.templates.forEach((t, ti) => {
    const id = `t${ti}`;
    input.templates[id] = {
      id,
      name: TEMPLATE_NAMES[ti],
      turn_in_time: t.turnIn === null ? null : minutesToHhMm(t.turnIn),
    };
    if (t.attached)
      input.attachments.push({
        template_id: id,
        override_turn_in_time: t.override === null ? null : minutesToHhMm(t.override),
      });
    t.steps.forEach((minutes, si) => {
      if (minutes !== null)
        input.steps.push({
          id: `${id}-s${si}`,
          template_id: id,
          name: `Step ${si}`,
          minutes_before_turn_in: minutes,
        });
    });
  });
  return computeRunSchedule(input);
}

function stepFactory() {
  let next = 0;
  return (scheduled: ScheduledStep): Step => ({
    id: `rs${(next += 1)}`,
    run_id: 'r1',
    template_id: scheduled.template_id,
    template_step_id: scheduled.template_step_id,
    name: scheduled.name,
    description: scheduled.description === '' ? null : scheduled.description,
    template_name: scheduled.template_name === '' ? null : scheduled.template_name,
    scheduled_at: scheduled.scheduled_at,
    status: 'pending',
    completed_at: null,
    dismissed_for_user: false,
    updated_at: NOW,
  });
}

/** What the team did to a step before the re-plan. */
type Action = { kind: 'none' | 'complete' | 'dismiss' | 'snooze' | 'note'; minutes: number };
const actionArb: fc.Arbitrary<Action> = fc.record({
  kind: fc.constantFrom('none', 'none', 'complete', 'dismiss', 'snooze', 'note'),
  minutes: fc.integer({ min: 1, max: 120 }),
});

function act(steps: Step[], actions: Action[]): { steps: Step[]; notes: Set<string> } {
  const notes = new Set<string>();
  const out = steps.map((step, i) => {
    const action = actions[i % Math.max(actions.length, 1)] ?? { kind: 'none', minutes: 0 };
    switch (action.kind) {
      case 'complete':
        return { ...step, status: 'completed', completed_at: NOW };
      case 'dismiss':
        return { ...step, dismissed_for_user: true };
      case 'snooze':
        return { ...step, scheduled_at: new Date(Date.parse(NOW) + action.minutes * 60_000).toISOString() };
      case 'note':
        notes.add(step.id);
        return step;
      default:
        return step;
    }
  });
  return { steps: out, notes };
}

const key = (step: { template_id: string | null; template_step_id: string | null }) =>
  `${step.template_id}/${step.template_step_id}`;

function started(plan: Plan) {
  const createStep = stepFactory();
  const first = replanRun<Step>({
    steps: [],
    schedule: scheduleOf(plan),
    stepsWithNotes: new Set(),
    now: NOW,
    createStep,
  });
  return { steps: first.steps, createStep };
}

describe('replanRun properties', () => {
  it('re-planning with unchanged inputs changes nothing, whatever the team did to the steps', () => {
    fc.assert(
      fc.property(planArb, fc.array(actionArb, { maxLength: 8 }), (plan, actions) => {
        const { steps, createStep } = started(plan);
        const done = act(steps, actions);
        const again = replanRun({
          steps: done.steps,
          schedule: scheduleOf(plan),
          stepsWithNotes: done.notes,
          now: NOW,
          createStep,
        });
        expect(again.set).toEqual([]);
        expect(again.remove).toEqual([]);
        expect(again.changes).toEqual([]);
      }),
    );
  });

  it("never loses an identity, a completion, a dismissal or a note; pending times equal the engine's plus their snooze", () => {
    fc.assert(
      fc.property(planArb, planArb, fc.array(actionArb, { maxLength: 8 }), (before, after, actions) => {
        const { steps, createStep } = started(before);
        const done = act(steps, actions);
        const schedule = scheduleOf(after);
        const result = replanRun({
          steps: done.steps,
          schedule,
          stepsWithNotes: done.notes,
          now: NOW,
          createStep,
        });
        const byId = new Map(result.steps.map((step) => [step.id, step]));

        for (const old of done.steps) {
          const inPlan = schedule.some((s) => key(s) === key(old));
          const holdsTeamWork = !isStepPending(old) || done.notes.has(old.id);
          if (inPlan || holdsTeamWork) {
            const kept = byId.get(old.id);
            expect(kept, `step ${old.id} kept`).toBeDefined();
            expect(kept?.status).toBe(old.status);
            expect(kept?.completed_at).toBe(old.completed_at);
            expect(kept?.dismissed_for_user).toBe(old.dismissed_for_user);
            expect(Boolean(kept?.left_plan_at)).toBe(!inPlan);
          } else {
            expect(byId.has(old.id)).toBe(false);
          }
        }

        // Each scheduled step is exactly one run step in the plan, at the engine's time plus its snooze.
        const inPlan = result.steps.filter((step) => !step.left_plan_at);
        expect(inPlan.map(key).sort()).toEqual(schedule.map(key).sort());
        const oldById = new Map(done.steps.map((step) => [step.id, step]));
        for (const planned of schedule) {
          const step = inPlan.find((s) => key(s) === key(planned))!;
          const old = oldById.get(step.id);
          if (old && isStepCompleted(old)) {
            expect([step.planned_at, step.scheduled_at]).toEqual([old.planned_at, old.scheduled_at]);
            continue;
          }
          expect(step.planned_at).toBe(planned.scheduled_at);
          const snooze = old
            ? Date.parse(old.scheduled_at!) - Date.parse(old.planned_at ?? old.scheduled_at!)
            : 0;
          expect(Date.parse(step.scheduled_at!)).toBe(Date.parse(planned.scheduled_at) + snooze);
        }

        // Re-planning the result again against the same inputs changes nothing.
        const again = replanRun({
          steps: result.steps,
          schedule,
          stepsWithNotes: done.notes,
          now: NOW,
          createStep,
        });
        expect(again.set).toEqual([]);
        expect(again.remove).toEqual([]);
      }),
    );
  });
});

describe('replanRun', () => {
  const plan: Plan = {
    date: '2026-11-28',
    walk: 5,
    templates: [
      { attached: false, turnIn: null, override: null, steps: [null, null, null, null, null] },
      { attached: false, turnIn: 12 * 60, override: null, steps: [60, 30, 0, null, null] },
      { attached: false, turnIn: null, override: null, steps: [null, null, null, null, null] },
      { attached: true, turnIn: 14 * 60, override: null, steps: [14 * 60, 120, 60, 30, 0] },
    ],
  };
  const moved: Plan = {
    ...plan,
    templates: plan.templates.map((t, i) =>
      i === 3 ? { ...t, override: 14 * 60 + 30 } : i === 1 ? { ...t, attached: true } : t,
    ),
  };

  it('moves the brisket 30 minutes later and adds the ribs, and says so', () => {
    const { steps, createStep } = started(plan);
    const result = replanRun({
      steps,
      schedule: scheduleOf(moved),
      stepsWithNotes: new Set(),
      now: NOW,
      createStep,
    });
    expect(groupPlanChanges(result.changes)).toEqual([
      { template_name: 'Brisket', kind: 'moved', count: 5, minutes: 30 },
      { template_name: 'Ribs', kind: 'added', count: 3 },
    ]);
    const turnIn = result.steps.find((s) => s.template_step_id === 't3-s4');
    expect(turnIn?.scheduled_at).toBe('2026-11-28T20:25:00.000Z'); // 14:30 - 5 min walk, Chicago
  });

  it('keeps a snoozed step its snooze distance when the plan moves it', () => {
    const { steps, createStep } = started(plan);
    const turnIn = steps.find((s) => s.template_step_id === 't3-s4')!;
    const snoozed = steps.map((s) =>
      s.id === turnIn.id
        ? { ...s, scheduled_at: new Date(Date.parse(s.scheduled_at!) + 10 * 60_000).toISOString() }
        : s,
    );
    const result = replanRun({
      steps: snoozed,
      schedule: scheduleOf(moved),
      stepsWithNotes: new Set(),
      now: NOW,
      createStep,
    });
    const after = result.steps.find((s) => s.id === turnIn.id)!;
    expect(after.planned_at).toBe('2026-11-28T20:25:00.000Z');
    expect(after.scheduled_at).toBe('2026-11-28T20:35:00.000Z');
  });

  it('removes a pending step that left the plan and keeps a completed one, marked', () => {
    const { steps, createStep } = started(plan);
    const [first, second] = [...steps].sort((a, b) => a.scheduled_at!.localeCompare(b.scheduled_at!));
    const done = steps.map((s) =>
      s.id === first!.id ? { ...s, status: 'completed', completed_at: NOW } : s,
    );
    const detached: Plan = {
      ...plan,
      templates: plan.templates.map((t, i) => (i === 3 ? { ...t, attached: false } : t)),
    };
    const result = replanRun({
      steps: done,
      schedule: scheduleOf(detached),
      stepsWithNotes: new Set(),
      now: NOW,
      createStep,
    });
    expect(result.steps.map((s) => s.id)).toEqual([first!.id]);
    expect(result.steps[0]?.left_plan_at).toBe(NOW);
    expect(result.remove).toContain(second!.id);
    expect(groupPlanChanges(result.changes)).toEqual([
      { template_name: 'Brisket', kind: 'left-plan', count: 1 },
      { template_name: 'Brisket', kind: 'removed', count: 4 },
    ]);
  });

  it('brings a step back into the plan when its template is attached again', () => {
    const { steps, createStep } = started(plan);
    const done = steps.map((s) => ({ ...s, status: 'completed', completed_at: NOW }));
    const detached: Plan = {
      ...plan,
      templates: plan.templates.map((t, i) => (i === 3 ? { ...t, attached: false } : t)),
    };
    const left = replanRun({
      steps: done,
      schedule: scheduleOf(detached),
      stepsWithNotes: new Set(),
      now: NOW,
      createStep,
    });
    const back = replanRun({
      steps: left.steps,
      schedule: scheduleOf(plan),
      stepsWithNotes: new Set(),
      now: NOW,
      createStep,
    });
    expect(back.steps.map((s) => s.id).sort()).toEqual(steps.map((s) => s.id).sort());
    expect(back.steps.every((s) => !s.left_plan_at && s.status === 'completed')).toBe(true);
  });
});

describe('netPlanChanges', () => {
  const about = { step_id: 's1', name: 'Trim', template_name: 'Brisket' };
  it('reads two moves of a step as one, and a move back as none', () => {
    const first = {
      at: NOW,
      changes: [
        {
          kind: 'moved' as const,
          ...about,
          from: '2026-11-28T11:00:00.000Z',
          to: '2026-11-28T11:30:00.000Z',
        },
      ],
    };
    const second = {
      at: NOW,
      changes: [
        {
          kind: 'moved' as const,
          ...about,
          from: '2026-11-28T11:30:00.000Z',
          to: '2026-11-28T11:40:00.000Z',
        },
      ],
    };
    const back = {
      at: NOW,
      changes: [
        {
          kind: 'moved' as const,
          ...about,
          from: '2026-11-28T11:40:00.000Z',
          to: '2026-11-28T11:00:00.000Z',
        },
      ],
    };
    expect(netPlanChanges([first, second])).toEqual([
      { kind: 'moved', ...about, from: '2026-11-28T11:00:00.000Z', to: '2026-11-28T11:40:00.000Z' },
    ]);
    expect(netPlanChanges([first, second, back])).toEqual([]);
  });

  it('reads a step added then moved as added at its last time', () => {
    const added = {
      at: NOW,
      changes: [{ kind: 'added' as const, ...about, at: '2026-11-28T11:00:00.000Z' }],
    };
    const moved = {
      at: NOW,
      changes: [
        {
          kind: 'moved' as const,
          ...about,
          from: '2026-11-28T11:00:00.000Z',
          to: '2026-11-28T12:00:00.000Z',
        },
      ],
    };
    expect(netPlanChanges([added, moved])).toEqual([
      { kind: 'added', ...about, at: '2026-11-28T12:00:00.000Z' },
    ]);
  });
});

describe('readRunReplans', () => {
  it('keeps readable re-plans and drops anything else', () => {
    const good = { at: NOW, changes: [{ kind: 'removed', name: 'Rest', template_name: null, at: null }] };
    expect(
      readRunReplans([good, { at: 5 }, 'x', { at: NOW, changes: [{ kind: 'exploded', name: 'x' }] }]),
    ).toEqual([good]);
    expect(readRunReplans({ not: 'a list' })).toEqual([]);
    const badTime = {
      at: NOW,
      changes: [{ kind: 'moved', step_id: 's', name: 'x', template_name: null, from: 'soon', to: NOW }],
    };
    expect(readRunReplans([badTime])).toEqual([]);
  });
});
