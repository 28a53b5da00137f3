import { describe, expect, it } from 'vitest';
import { completeStep, dismissStep, snoozeStep } from '../../store';
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

  it('describes each entry with its step, template, run and cook-off and whole minutes overdue', async () => {
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
