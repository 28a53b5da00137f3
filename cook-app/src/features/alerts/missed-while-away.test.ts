import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DAY_MS } from '../../domain';
import { completeStep, dismissStep, snoozeStep, type RunStep } from '../../store';
import type { StepAlert } from './alert-engine';
import {
  addMissed,
  ALERT_LAST_SEEN_KEY,
  ALERT_MISSED_KEY,
  describeMissed,
  missedFromAlerts,
  missedSince,
  pruneMissed,
  readLastSeen,
  readMissed,
  stepsOfCurrentRuns,
  writeLastSeen,
  writeMissed,
  type Missed,
} from './missed-while-away';
import { at, startedRun, storeSteps } from './test-support';

/** Brisket turns in at 18:00: Early 08:00, Trim 08:30, Inject 09:45, Wrap 17:00. */
const closedDay = () =>
  startedRun([
    ['Early', 600],
    ['Trim', 570],
    ['Inject', 495],
    ['Wrap', 60],
  ]);

describe('missedSince', () => {
  it('app closed 08:00-10:00 with steps due at 08:30 and 09:45: both are listed, overdue, by due time; steps due at 08:00 (seen) or later than 10:00 are not', async () => {
    const { bundle, byName } = await closedDay();
    expect(
      missedSince({ steps: storeSteps(bundle), lastSeenMs: at('08:00:00'), nowMs: at('10:00:00') }),
    ).toEqual([
      { stepId: byName.Trim!.id, dueMs: at('08:30:00'), stage: 'overdue' },
      { stepId: byName.Inject!.id, dueMs: at('09:45:00'), stage: 'overdue' },
    ]);
  });

  it('leaves out a step completed or dismissed meanwhile', async () => {
    const { bundle, byName } = await closedDay();
    await bundle.store.dispatch(completeStep({ step_id: byName.Trim!.id, time_mode: 'now' })).unwrap();
    const steps = storeSteps(bundle);
    expect(missedSince({ steps, lastSeenMs: at('08:00:00'), nowMs: at('10:00:00') })).toEqual([
      { stepId: byName.Inject!.id, dueMs: at('09:45:00'), stage: 'overdue' },
    ]);
    await bundle.store.dispatch(dismissStep(byName.Inject!.id)).unwrap();
    expect(
      missedSince({ steps: storeSteps(bundle), lastSeenMs: at('08:00:00'), nowMs: at('10:00:00') }),
    ).toEqual([]);
  });

  it('leaves out a step no longer in the plan (kept by a re-plan for the All view only)', async () => {
    const { bundle, byName } = await closedDay();
    const steps = storeSteps(bundle).map((step) =>
      step.id === byName.Trim!.id ? { ...step, left_plan_at: new Date(at('08:10:00')).toISOString() } : step,
    );
    expect(missedSince({ steps, lastSeenMs: at('08:00:00'), nowMs: at('10:00:00') })).toEqual([
      { stepId: byName.Inject!.id, dueMs: at('09:45:00'), stage: 'overdue' },
    ]);
    expect(
      pruneMissed([{ stepId: byName.Trim!.id, dueMs: at('08:30:00'), stage: 'overdue' }], steps),
    ).toEqual([]);
  });

  it('lists nothing at the first start ever (no last-seen instant)', async () => {
    const { bundle } = await closedDay();
    expect(missedSince({ steps: storeSteps(bundle), lastSeenMs: null, nowMs: at('10:00:00') })).toEqual([]);
  });

  it('gives the due-now stage to a step due within the last 5 s, and counts a step due exactly now', async () => {
    const { bundle, byName } = await closedDay();
    expect(
      missedSince({ steps: storeSteps(bundle), lastSeenMs: at('09:00:00'), nowMs: at('09:45:05') }),
    ).toEqual([{ stepId: byName.Inject!.id, dueMs: at('09:45:00'), stage: 'due-now' }]);
    expect(
      missedSince({ steps: storeSteps(bundle), lastSeenMs: at('09:00:00'), nowMs: at('09:45:00') }),
    ).toEqual([{ stepId: byName.Inject!.id, dueMs: at('09:45:00'), stage: 'due-now' }]);
  });
});

describe('the missed list', () => {
  const alert = (stepId: string, dueMs: number, stage: StepAlert['stage']): StepAlert => ({
    stepId,
    stage,
    dueMs,
    runId: 'r1',
    contestId: 'c1',
    stepName: stepId,
    templateName: null,
  });

  it('merges one entry per step (the newer replaces the older) in due order', () => {
    const list: Missed[] = [{ stepId: 'b', dueMs: 20, stage: 'due-now' }];
    const added = missedFromAlerts([alert('b', 20, 'overdue'), alert('a', 10, 'due-now')]);
    expect(addMissed(list, added)).toEqual([
      { stepId: 'a', dueMs: 10, stage: 'due-now' },
      { stepId: 'b', dueMs: 20, stage: 'overdue' },
    ]);
  });

  it('keeps only entries whose step is still pending at the same due time: completed, dismissed, snoozed and gone steps leave', async () => {
    const { bundle, byName } = await closedDay();
    const entry = (name: string, hhmm: string): Missed => ({
      stepId: byName[name]!.id,
      dueMs: at(`${hhmm}:00`),
      stage: 'overdue',
    });
    const list = [
      entry('Early', '08:00'),
      entry('Trim', '08:30'),
      entry('Inject', '09:45'),
      entry('Wrap', '17:00'),
    ];
    const gone: Missed = { stepId: 'deleted-step', dueMs: at('09:00:00'), stage: 'overdue' };
    const { dispatch } = bundle.store;
    await dispatch(completeStep({ step_id: byName.Early!.id, time_mode: 'now' })).unwrap();
    await dispatch(dismissStep(byName.Trim!.id)).unwrap();
    await dispatch(snoozeStep({ step_id: byName.Wrap!.id, minutes: 10 })).unwrap();
    expect(pruneMissed([...list, gone], storeSteps(bundle))).toEqual([entry('Inject', '09:45')]);
  });

  it('describes each entry with its step, template, run and cook-off, whole minutes overdue and the minute it was described at', async () => {
    const { bundle, byName, run, contest } = await closedDay();
    const list: Missed[] = [{ stepId: byName.Trim!.id, dueMs: at('08:30:00'), stage: 'overdue' }];
    expect(describeMissed(list, storeSteps(bundle), at('10:00:59'))).toEqual([
      {
        ...list[0],
        stepName: 'Trim',
        templateName: 'Brisket',
        runId: run.id,
        contestId: contest.id,
        overdueMinutes: 90,
        describedAtMs: at('10:00:00'),
      },
    ]);
  });

  it('is stored as JSON [{stepId, dueMs, stage}] under pitclock_alert_missed; an empty list removes the key', () => {
    const list: Missed[] = [{ stepId: 's1', dueMs: 1, stage: 'overdue' }];
    expect(writeMissed(localStorage, list)).toBe(true);
    expect(JSON.parse(localStorage.getItem(ALERT_MISSED_KEY)!)).toEqual(list);
    expect(readMissed(localStorage)).toEqual(list);
    writeMissed(localStorage, []);
    expect(localStorage.getItem(ALERT_MISSED_KEY)).toBeNull();
    expect(readMissed(localStorage)).toEqual([]);
  });

  it('reads nothing from broken or malformed storage, keeps well-formed entries, and answers null when storage cannot be read', () => {
    localStorage.setItem(ALERT_MISSED_KEY, '{not json');
    expect(readMissed(localStorage)).toEqual([]);
    localStorage.setItem(ALERT_MISSED_KEY, JSON.stringify({ s1: 1 }));
    expect(readMissed(localStorage)).toEqual([]);
    localStorage.setItem(
      ALERT_MISSED_KEY,
      JSON.stringify([
        { stepId: 's1', dueMs: 1, stage: 'overdue', extra: true },
        { stepId: 's2', dueMs: 'x' },
        null,
      ]),
    );
    expect(readMissed(localStorage)).toEqual([{ stepId: 's1', dueMs: 1, stage: 'overdue' }]);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(readMissed(blocked)).toBeNull();
    expect(readLastSeen(blocked)).toBeNull();
  });

  it('stores the last-seen instant as epoch ms text under pitclock_alert_last_seen', () => {
    expect(readLastSeen(localStorage)).toBeNull();
    writeLastSeen(localStorage, at('08:00:00'));
    expect(localStorage.getItem(ALERT_LAST_SEEN_KEY)).toBe(String(at('08:00:00')));
    expect(readLastSeen(localStorage)).toBe(at('08:00:00'));
    localStorage.setItem(ALERT_LAST_SEEN_KEY, 'soon');
    expect(readLastSeen(localStorage)).toBeNull();
  });
});

describe('stepsOfCurrentRuns', () => {
  const T = Date.parse('2026-06-01T18:00:00.000Z');
  const step = (id: string, runId: string, scheduledAt: string | null, fields: Partial<RunStep> = {}) =>
    ({
      id,
      run_id: runId,
      contest_id: 'c',
      name: id,
      template_name: 'Brisket',
      scheduled_at: scheduledAt,
      status: 'pending',
      completed_at: null,
      dismissed_for_user: false,
      ...fields,
    }) as const;
  const iso = (ms: number) => new Date(ms).toISOString();

  it("keeps a run's steps until a day after its last turn-in (the latest due time among its steps, completed ones too), then drops them all", () => {
    const steps = [
      step('trim', 'r1', iso(T - 10 * 3_600_000)),
      step('box', 'r1', iso(T), { status: 'completed', completed_at: iso(T) }),
    ];
    expect(stepsOfCurrentRuns(steps, T + DAY_MS).map((s) => s.id)).toEqual(['trim', 'box']);
    expect(stepsOfCurrentRuns(steps, T + DAY_MS + 1)).toEqual([]);
    expect(stepsOfCurrentRuns(steps, T + 30 * DAY_MS)).toEqual([]);
  });

  it('judges each run on its own, and keeps a run whose steps have no times', () => {
    const steps = [
      step('old', 'month-old', iso(T - 30 * DAY_MS)),
      step('today', 'current', iso(T - 3_600_000)),
      step('undated', 'no-times', null),
      step('later', 'current', iso(T + 3_600_000)),
    ];
    expect(stepsOfCurrentRuns(steps, T).map((s) => s.id)).toEqual(['today', 'undated', 'later']);
  });

  it("property: a run's steps are kept all together or dropped all together, kept exactly when its latest due time is at most a day before now or it has none", () => {
    const arbStep = fc.record({
      run: fc.constantFrom('a', 'b', 'c'),
      offset: fc.option(fc.integer({ min: -3 * DAY_MS, max: DAY_MS }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(arbStep, { maxLength: 12 }), (specs) => {
        const steps = specs.map(({ run, offset }, i) =>
          step(`s${i}`, run, offset === null ? null : iso(T + offset)),
        );
        const kept = new Set(stepsOfCurrentRuns(steps, T).map((s) => s.id));
        for (const run of ['a', 'b', 'c']) {
          const times = specs.filter((s) => s.run === run && s.offset !== null).map((s) => s.offset!);
          const current = times.length === 0 || Math.max(...times) >= -DAY_MS;
          steps.filter((s) => s.run_id === run).forEach((s) => expect(kept.has(s.id)).toBe(current));
        }
      }),
    );
  });
});
