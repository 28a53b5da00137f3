import { describe, expect, it } from 'vitest';
import { completeStep, dismissStep, snoozeStep } from '../../store';
import {
  activeRunSteps,
  ALERT_STATES_KEY,
  alertNotice,
  readAlertStates,
  runAlertCheck,
  writeAlertStates,
  type AlertStates,
  type StepAlert,
} from './alert-engine';
import { at, startedRun, storeSteps } from './test-support';

const S = 1000;

describe('runAlertCheck', () => {
  it('over a whole day every 5 s: each step is due-now once, overdue repeats after more than 60 s and stops after 5 minutes, a snoozed step alerts again, completed and dismissed steps never alert', async () => {
    const { bundle, byName } = await startedRun([
      ['Trim', 120], // 16:00, completed before it is due
      ['Inject', 90], // 16:30, dismissed
      ['Wrap', 60], // 17:00, snoozed at 17:06 for 30 minutes -> 17:36
      ['Box', 10], // 17:50
    ]);
    const { dispatch } = bundle.store;
    await dispatch(completeStep({ step_id: byName.Trim!.id, time_mode: 'now' })).unwrap();
    await dispatch(dismissStep(byName.Inject!.id)).unwrap();

    const sent: Record<string, [string, string][]> = {};
    let states: AlertStates = {};
    for (let t = at('00:00:00'); t < at('24:00:00'); t += 5 * S) {
      if (t === at('17:06:00')) {
        bundle.clock.now = t;
        await dispatch(snoozeStep({ step_id: byName.Wrap!.id, minutes: 30 })).unwrap();
      }
      const check = runAlertCheck(states, storeSteps(bundle), t);
      states = check.states;
      for (const alert of check.alerts) {
        (sent[alert.stepId] ??= []).push([new Date(t).toISOString().slice(11, 19), alert.stage]);
      }
    }

    const series = (due: string) => {
      const d = at(due);
      const hms = (ms: number) => new Date(ms).toISOString().slice(11, 19);
      return [
        [hms(d - 5 * S), 'due-now'],
        ...[10, 75, 140, 205, 270].map((s) => [hms(d + s * S), 'overdue']),
      ];
    };
    expect(sent[byName.Trim!.id]).toBeUndefined();
    expect(sent[byName.Inject!.id]).toBeUndefined();
    expect(sent[byName.Wrap!.id]).toEqual([...series('17:00:00'), ...series('17:36:00')]);
    expect(sent[byName.Box!.id]).toEqual(series('17:50:00'));
    // At the end of the day the remembered states are those of the two alerted steps only.
    expect(Object.keys(states).sort()).toEqual([byName.Wrap!.id, byName.Box!.id].sort());
    expect(states[byName.Wrap!.id]).toEqual({
      dueMs: at('17:36:00'),
      stage: 'overdue',
      sentAtMs: at('17:40:30'),
    });
  });

  it("judges each step on its cook-off's contest clock when given one: 5 minutes ahead alerts 5 minutes sooner", async () => {
    const { bundle } = await startedRun([['Wrap', 60]]); // 17:00
    const aheadBy5 = () => at('16:55:00') + 5 * 60 * S;
    expect(runAlertCheck({}, storeSteps(bundle), at('16:55:00')).alerts).toEqual([]);
    expect(runAlertCheck({}, storeSteps(bundle), aheadBy5).alerts.map((a) => a.stage)).toEqual(['due-now']);
  });

  it('drops the remembered state of a step that no longer exists and keeps that of a step outside its windows', async () => {
    const { bundle, byName } = await startedRun([['Wrap', 60]]);
    const wrap = byName.Wrap!.id;
    const kept = { dueMs: at('17:00:00'), stage: 'overdue' as const, sentAtMs: at('17:04:30') };
    const gone = { dueMs: at('12:00:00'), stage: 'due-now' as const, sentAtMs: at('12:00:00') };
    const check = runAlertCheck({ [wrap]: kept, 'deleted-step': gone }, storeSteps(bundle), at('20:00:00'));
    expect(check).toEqual({ states: { [wrap]: kept }, alerts: [] });
  });

  it('describes an alert with the step, its run and cook-off, its stage and due time', async () => {
    const { bundle, byName, run, contest } = await startedRun([['Wrap', 60]]);
    const check = runAlertCheck({}, storeSteps(bundle), at('17:00:02'));
    expect(check.alerts).toEqual([
      {
        stepId: byName.Wrap!.id,
        stage: 'due-now',
        runId: run.id,
        contestId: contest.id,
        stepName: 'Wrap',
        templateName: 'Brisket',
        dueMs: at('17:00:00'),
      },
    ]);
  });
});

describe('activeRunSteps', () => {
  it('keeps only the steps of runs whose status is active', () => {
    const runs = [
      { id: 'r1', status: 'active' },
      { id: 'r2', status: 'completed' },
    ];
    const steps = [
      { id: 'a', run_id: 'r1' },
      { id: 'b', run_id: 'r2' },
      { id: 'c', run_id: 'r3' },
    ];
    expect(activeRunSteps(runs, steps).map((s) => s.id)).toEqual(['a']);
  });
});

describe('alertNotice', () => {
  const alert: StepAlert = {
    stepId: 's1',
    stage: 'overdue',
    runId: 'r1',
    contestId: 'c1',
    stepName: 'Wrap',
    templateName: 'Brisket',
    dueMs: at('17:00:00'),
  };

  it('titles with the product name and a dash; body is stage · template · due <time> in the given zone', () => {
    expect(alertNotice(alert, 'UTC', 'en-GB').title).toBe('PitClock - Wrap');
    expect(alertNotice(alert, 'UTC', 'en-GB').options.body).toBe('Overdue · Brisket · due 17:00');
    expect(alertNotice({ ...alert, stage: 'due-now' }, 'America/Chicago', 'en-GB').options.body).toBe(
      'Due now · Brisket · due 12:00',
    );
  });

  it("writes the due time in the locale's clock: 12-hour in en-US, 24-hour in en-GB", () => {
    expect(alertNotice(alert, 'UTC', 'en-US').options.body).toBe('Overdue · Brisket · due 5:00 PM');
    expect(alertNotice({ ...alert, dueMs: at('13:55:00') }, 'UTC', 'en-US').options.body).toBe(
      'Overdue · Brisket · due 1:55 PM',
    );
    expect(alertNotice({ ...alert, dueMs: at('13:55:00') }, 'UTC', 'en-GB').options.body).toBe(
      'Overdue · Brisket · due 13:55',
    );
  });

  it('leaves the template part out of the body when the step has no template name', () => {
    expect(alertNotice({ ...alert, templateName: null }, 'UTC', 'en-GB').options.body).toBe(
      'Overdue · due 17:00',
    );
    expect(alertNotice({ ...alert, templateName: '  ' }, 'UTC', 'en-GB').options.body).toBe(
      'Overdue · due 17:00',
    );
  });
});

describe('alert state persistence', () => {
  it('writes JSON {stepId: AlertState} under pitclock_alert_states and reads it back', () => {
    const states: AlertStates = { s1: { dueMs: 1, stage: 'due-now', sentAtMs: 2 } };
    writeAlertStates(localStorage, states);
    expect(JSON.parse(localStorage.getItem(ALERT_STATES_KEY)!)).toEqual(states);
    expect(readAlertStates(localStorage)).toEqual(states);
  });

  it('reads nothing from missing, broken or malformed storage, and keeps only well-formed entries', () => {
    expect(readAlertStates(localStorage)).toEqual({});
    localStorage.setItem(ALERT_STATES_KEY, '{not json');
    expect(readAlertStates(localStorage)).toEqual({});
    localStorage.setItem(
      ALERT_STATES_KEY,
      JSON.stringify({
        ok: { dueMs: 1, stage: 'overdue', sentAtMs: 2 },
        bad: { dueMs: 'x', stage: 'later' },
      }),
    );
    expect(readAlertStates(localStorage)).toEqual({ ok: { dueMs: 1, stage: 'overdue', sentAtMs: 2 } });
  });

  it('answers null when the storage cannot be read, so the engine keeps its in-memory copy', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(readAlertStates(blocked)).toBeNull();
  });
});
