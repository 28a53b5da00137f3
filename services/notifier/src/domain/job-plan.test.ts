import { PUSH_OVERDUE_REMINDER_OFFSETS_MS, PUSH_OVERDUE_WINDOW_MS } from '@pitclock/contracts/push';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALERT_STAGES,
  alertJobChanges,
  alertTopic,
  allStageJobIds,
  delayOnGrid,
  planFingerprint,
  planRunAlerts,
  planStepAlerts,
  stepAlertJobId,
  type PlannableStep,
} from './job-plan';

const now = new Date('2026-06-13T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const step = (id: string, offsetMs: number, more: Partial<PlannableStep> = {}): PlannableStep => ({
  id,
  scheduledAt: at(offsetMs),
  done: false,
  dismissed: false,
  ...more,
});
const summary = (alerts: ReturnType<typeof planStepAlerts>) =>
  alerts.map((alert) => [alert.stageIndex, alert.stage, alert.delayMs]);

describe('the reminder times of the push protocol', () => {
  it('are each more than 60 s after the one before and all within the 5-minute overdue window', () => {
    const times = [0, ...PUSH_OVERDUE_REMINDER_OFFSETS_MS];
    times.slice(1).forEach((time, i) => expect(time - times[i]!).toBeGreaterThan(60_000));
    expect(Math.max(...times)).toBeLessThan(PUSH_OVERDUE_WINDOW_MS);
    expect(ALERT_STAGES.map((stage) => stage.stage)).toEqual([
      'due-now',
      'overdue',
      'overdue',
      'overdue',
      'overdue',
    ]);
  });
});

describe('planStepAlerts', () => {
  it('a step due in 10 minutes gets due-now at its time and 4 overdue reminders at their offsets', () => {
    expect(summary(planStepAlerts(7, 'run-1', step('s1', 600_000), now))).toEqual([
      [0, 'due-now', 600_000],
      [1, 'overdue', 665_000],
      [2, 'overdue', 730_000],
      [3, 'overdue', 795_000],
      [4, 'overdue', 860_000],
    ]);
  });

  it('a done or dismissed step gets nothing', () => {
    expect(planStepAlerts(7, 'run-1', step('s1', 600_000, { done: true }), now)).toEqual([]);
    expect(planStepAlerts(7, 'run-1', step('s1', 600_000, { dismissed: true }), now)).toEqual([]);
  });

  it('a due-now in the past but within the window is sent at once, the reminders still ahead at their time', () => {
    expect(summary(planStepAlerts(7, 'run-1', step('s1', -30_000), now))).toEqual([
      [0, 'due-now', 0],
      [1, 'overdue', 35_000],
      [2, 'overdue', 100_000],
      [3, 'overdue', 165_000],
      [4, 'overdue', 230_000],
    ]);
  });

  it('of several missed stages only the latest is sent at once', () => {
    expect(summary(planStepAlerts(7, 'run-1', step('s1', -150_000), now))).toEqual([
      [2, 'overdue', 0],
      [3, 'overdue', 45_000],
      [4, 'overdue', 110_000],
    ]);
  });

  it('a step past its overdue window gets nothing', () => {
    expect(planStepAlerts(7, 'run-1', step('s1', -PUSH_OVERDUE_WINDOW_MS), now)).toEqual([]);
    expect(planStepAlerts(7, 'run-1', step('s1', -PUSH_OVERDUE_WINDOW_MS - 1), now)).toEqual([]);
    expect(planStepAlerts(7, 'run-1', step('s1', -PUSH_OVERDUE_WINDOW_MS + 1), now)).toHaveLength(1);
  });

  it('carries the user, run, step and due time, and its job id is derived from them', () => {
    const [first] = planStepAlerts(7, 'run-1', step('s1', 1_000), now);
    expect(first).toEqual({
      jobId: stepAlertJobId({
        userId: 7,
        runId: 'run-1',
        stepId: 's1',
        stageIndex: 0,
        dueAtMs: at(1_000).getTime(),
      }),
      userId: 7,
      runId: 'run-1',
      stepId: 's1',
      stageIndex: 0,
      stage: 'due-now',
      dueAt: '2026-06-13T12:00:01.000Z',
      delayMs: 1_000,
    });
  });
});

describe('job ids and topics', () => {
  const key = { userId: 7, runId: 'run-1', stepId: 's1', stageIndex: 0, dueAtMs: 1_000 };

  it('job ids differ by user, run, step, stage and due time, and cannot be confused by separators', () => {
    const ids = [
      stepAlertJobId(key),
      stepAlertJobId({ ...key, userId: 8 }),
      stepAlertJobId({ ...key, runId: 'run-2' }),
      stepAlertJobId({ ...key, stepId: 's2' }),
      stepAlertJobId({ ...key, stageIndex: 1 }),
      stepAlertJobId({ ...key, dueAtMs: 2_000 }),
      stepAlertJobId({ ...key, runId: 'a:b', stepId: 'c' }),
      stepAlertJobId({ ...key, runId: 'a', stepId: 'b:c' }),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(stepAlertJobId(key)).toBe(stepAlertJobId({ ...key }));
  });

  it('a topic is at most 32 characters of the URL-safe base64 alphabet, one per step and stage', () => {
    const base = { userId: 7, runId: 'run-1', stepId: 's1' };
    const dueNow = alertTopic({ ...base, stage: 'due-now' });
    expect(dueNow).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(alertTopic({ ...base, stage: 'due-now' })).toBe(dueNow);
    expect(alertTopic({ ...base, stage: 'overdue' })).not.toBe(dueNow);
    expect(alertTopic({ ...base, stepId: 's2', stage: 'due-now' })).not.toBe(dueNow);
  });
});

describe('alertJobChanges', () => {
  const steps = [step('a', 60_000), step('b', 120_000)];

  it('the same schedule again removes nothing and plans the same job ids', () => {
    const first = alertJobChanges(7, 'run-1', [], steps, now);
    const again = alertJobChanges(7, 'run-1', steps, steps, at(5_000));
    expect(first.remove).toEqual([]);
    expect(again.remove).toEqual([]);
    expect(again.add.map((job) => job.jobId)).toEqual(first.add.map((job) => job.jobId));
  });

  it('a changed time removes the old jobs of that step only and plans new ones', () => {
    const moved = [steps[0]!, step('b', 180_000)];
    const changes = alertJobChanges(7, 'run-1', steps, moved, now);
    expect(changes.remove.sort()).toEqual(allStageJobIds(7, 'run-1', [steps[1]!]).sort());
    expect(changes.add.filter((job) => job.stepId === 'b').map((job) => job.dueAt)).toEqual(
      Array(5).fill(at(180_000).toISOString()),
    );
  });

  it('a step done, dismissed or gone loses every job', () => {
    for (const after of [
      [steps[0]!, { ...steps[1]!, done: true }],
      [steps[0]!, { ...steps[1]!, dismissed: true }],
      [steps[0]!],
    ]) {
      const changes = alertJobChanges(7, 'run-1', steps, after, now);
      expect(changes.remove.sort()).toEqual(allStageJobIds(7, 'run-1', [steps[1]!]).sort());
      expect(changes.add.every((job) => job.stepId === 'a')).toBe(true);
    }
  });

  it('when the steps before are known to be all queued, only the jobs they did not have are added', () => {
    const after = [{ ...steps[0]!, done: true }, step('b', 180_000), step('c', 240_000)];
    const changes = alertJobChanges(7, 'run-1', steps, after, now, { beforeIsPlanned: true });
    expect(new Set(changes.add.map((job) => job.stepId))).toEqual(new Set(['b', 'c']));
    expect(changes.add).toHaveLength(10);
    expect(changes.planned).toBe(10);
    const doneOnly = alertJobChanges(7, 'run-1', steps, [after[0]!, steps[1]!], now, {
      beforeIsPlanned: true,
    });
    expect(doneOnly.add).toEqual([]);
    expect(doneOnly.planned).toBe(5);
    expect(alertJobChanges(7, 'run-1', steps, steps, now).add).toHaveLength(10);
  });
});

describe('planFingerprint', () => {
  it('is the same for steps with the same jobs, in any order, whatever their names; different otherwise', () => {
    const steps = [step('a', 60_000), step('b', 120_000), step('c', 0, { done: true })];
    const print = planFingerprint(7, 'run-1', steps);
    expect(planFingerprint(7, 'run-1', [steps[1]!, steps[0]!])).toBe(print);
    expect(planFingerprint(7, 'run-1', [steps[0]!, { ...steps[1]!, done: true }])).not.toBe(print);
    expect(planFingerprint(7, 'run-1', [steps[0]!, step('b', 120_001)])).not.toBe(print);
    expect(planFingerprint(8, 'run-1', steps)).not.toBe(print);
    expect(planFingerprint(7, 'run-2', steps)).not.toBe(print);
  });
});

const stepArbitrary = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9._:-]{1,12}$/),
  scheduledAt: fc.integer({ min: -10 * 60_000, max: 60 * 60_000 }).map(at),
  done: fc.boolean(),
  dismissed: fc.boolean(),
});
const stepsArbitrary = fc.uniqueArray(stepArbitrary, { selector: (s) => s.id, maxLength: 20 });

describe('job plan properties', () => {
  it('ids are unique, every alert is of a pending step, sent at or after now and before its window ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), stepsArbitrary, (userId, steps) => {
        const plan = planRunAlerts(userId, 'run', steps, now);
        expect(new Set(plan.map((job) => job.jobId)).size).toBe(plan.length);
        for (const job of plan) {
          const source = steps.find((s) => s.id === job.stepId)!;
          expect(source.done || source.dismissed).toBe(false);
          expect(job.delayMs).toBeGreaterThanOrEqual(0);
          expect(now.getTime() + job.delayMs).toBeLessThan(Date.parse(job.dueAt) + PUSH_OVERDUE_WINDOW_MS);
        }
        const atOnce = plan.filter((job) => job.delayMs === 0).map((job) => job.stepId);
        expect(new Set(atOnce).size).toBe(atOnce.length);
      }),
    );
  });

  it('is deterministic, and replanning the same steps later removes nothing and keeps a subset of the ids', () => {
    fc.assert(
      fc.property(stepsArbitrary, fc.integer({ min: 0, max: 10 * 60_000 }), (steps, laterMs) => {
        expect(planRunAlerts(3, 'run', steps, now)).toEqual(planRunAlerts(3, 'run', steps, now));
        const later = alertJobChanges(3, 'run', steps, steps, at(laterMs));
        expect(later.remove).toEqual([]);
        const all = new Set(allStageJobIds(3, 'run', steps));
        expect(later.add.every((job) => all.has(job.jobId))).toBe(true);
      }),
    );
  });

  it("two users' plans of the same run and steps never share a job id", () => {
    fc.assert(
      fc.property(stepsArbitrary, (steps) => {
        const mine = new Set(planRunAlerts(1, 'run', steps, now).map((job) => job.jobId));
        expect(planRunAlerts(2, 'run', steps, now).some((job) => mine.has(job.jobId))).toBe(false);
      }),
    );
  });
});

describe('delayOnGrid', () => {
  it('fires on the first grid time at or after the wanted time', () => {
    expect(delayOnGrid(1_000, 1)).toBe(20);
    expect(delayOnGrid(1_001, 1)).toBe(19);
    expect(delayOnGrid(1_001, 0)).toBe(0);
    expect(delayOnGrid(1_005, 600_000)).toBe(600_015);
    expect(delayOnGrid(1_000, 5, 50)).toBe(50);
  });

  it('never fires early, at most one grid step late, and at once when due now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        (nowMs, delayMs, gridMs) => {
          const delay = delayOnGrid(nowMs, delayMs, gridMs);
          expect(delay).toBeGreaterThanOrEqual(delayMs);
          expect(delay).toBeLessThan(delayMs + gridMs);
          if (delayMs > 0) expect((nowMs + delay) % gridMs).toBe(0);
          else expect(delay).toBe(0);
        },
      ),
    );
  });
});
