import { describe, expect, it } from 'vitest';
import { runSelectors, runStepSelectors, selectStepNotes } from '../selectors';
import { expectRejectedUnchanged, readyStore, type TestStore } from '../test-helpers';
import { addContest, attachTemplate, setContestClock } from './contests';
import { addStepNote, getStepNotes } from './notes';
import {
  CUSTOM_TIME_FIELD,
  completeStep,
  dismissStep,
  getOrStartRunForContest,
  getRun,
  snoozeStep,
  undismissStep,
} from './runs';
import { addTemplateStep } from './steps';
import { addTemplate } from './templates';

/** A cook-off on 2026-06-10 (UTC), walk time 5, with Ribs (12:00, two steps) and an empty Chicken (11:30, override 11:00). */
async function cookOff(store: TestStore) {
  const contest = await store
    .dispatch(
      addContest({
        name: 'Odessa',
        sanctioning_body_id: '1',
        contest_date: '2026-06-10',
        walk_time_adjust_minutes: 5,
      }),
    )
    .unwrap();
  const ribs = await store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:00' })).unwrap();
  await store
    .dispatch(addTemplateStep({ template_id: ribs.id, name: 'Wrap', minutes_before_turn_in: 120 }))
    .unwrap();
  await store
    .dispatch(
      addTemplateStep({
        template_id: ribs.id,
        name: 'Box',
        description: 'Six bones',
        minutes_before_turn_in: 10,
      }),
    )
    .unwrap();
  const chicken = await store.dispatch(addTemplate({ name: 'Chicken', turn_in_time: '11:30' })).unwrap();
  await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: ribs.id })).unwrap();
  await store
    .dispatch(
      attachTemplate({ contest_id: contest.id, template_id: chicken.id, override_turn_in_time: '11:00' }),
    )
    .unwrap();
  return { contest, ribs, chicken };
}

async function startedRun(store: TestStore) {
  const { contest } = await cookOff(store);
  return store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
}

describe('runs', () => {
  it('starts an active run whose steps come from the schedule engine', async () => {
    const store = await readyStore();
    const { contest, ribs } = await cookOff(store);
    const { run, steps, started } = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    expect(started).toBe(true);
    expect(run).toMatchObject({
      contest_id: contest.id,
      status: 'active',
      contest_date: '2026-06-10',
      name: 'Odessa',
      is_local: true,
    });
    expect(steps.map((s) => [s.name, s.template_name, s.scheduled_at])).toEqual([
      ['Wrap', 'Ribs', '2026-06-10T09:55:00.000Z'],
      ['Chicken', 'Chicken', '2026-06-10T10:55:00.000Z'],
      ['Box', 'Ribs', '2026-06-10T11:45:00.000Z'],
    ]);
    expect(steps[2]).toMatchObject({
      run_id: run.id,
      contest_id: contest.id,
      template_id: ribs.id,
      description: 'Six bones',
      status: 'pending',
      completed_at: null,
      dismissed_for_user: false,
      dismissed_at: null,
      created_at: '2026-06-01T15:00:00.000Z',
      is_local: true,
    });
    expect(steps[1]).toMatchObject({ template_step_id: null, description: null });
    expect(runStepSelectors.selectTotal(store.getState())).toBe(3);
  });

  it('reuses the active run of the cook-off: one active run per contest', async () => {
    const store = await readyStore();
    const { contest } = await cookOff(store);
    const first = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    const before = store.getState();
    const again = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    expect(again.started).toBe(false);
    expect(again.run).toEqual(first.run);
    expect(again.steps.map((s) => s.id)).toEqual(first.steps.map((s) => s.id));
    expect(store.getState()).toBe(before);
    expect(runSelectors.selectTotal(store.getState())).toBe(1);
  });

  it("answers 'Failed to start local run' for an unknown cook-off", async () => {
    const store = await readyStore();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(getOrStartRunForContest('nope')).unwrap(),
      'Failed to start local run',
    );
  });

  it("reads a run with its steps, or 'Run not found'", async () => {
    const store = await readyStore();
    const { run, steps } = await startedRun(store);
    expect(await store.dispatch(getRun(run.id)).unwrap()).toEqual({ run, steps });
    await expectRejectedUnchanged(store, () => store.dispatch(getRun('nope')).unwrap(), 'Run not found');
  });

  it('snoozes a step to now plus the minutes (default 10) and returns the new time', async () => {
    const store = await readyStore();
    const { steps } = await startedRun(store);
    const id = steps[0]!.id;
    expect(await store.dispatch(snoozeStep({ step_id: id })).unwrap()).toBe('2026-06-01T15:10:00.000Z');
    store.clock.now += 60_000;
    expect(await store.dispatch(snoozeStep({ step_id: id, minutes: 3 })).unwrap()).toBe(
      '2026-06-01T15:04:00.000Z',
    );
    expect(runStepSelectors.selectById(store.getState(), id)?.scheduled_at).toBe('2026-06-01T15:04:00.000Z');
  });

  it("snoozes and completes 'now' on the cook-off's contest clock when it has one", async () => {
    const store = await readyStore();
    const { run, steps } = await startedRun(store);
    // The official clock shows 15:03 while this device reads 15:00.
    await store.dispatch(setContestClock({ contest_id: run.contest_id, shown: '15:03' })).unwrap();
    expect(await store.dispatch(snoozeStep({ step_id: steps[0]!.id })).unwrap()).toBe(
      '2026-06-01T15:13:00.000Z',
    );
    const done = await store.dispatch(completeStep({ step_id: steps[1]!.id, time_mode: 'now' })).unwrap();
    expect(done.completed_at).toBe('2026-06-01T15:03:00.000Z');
  });

  it.each([0, -5, 0.5, 'soon'])('refuses to snooze for %s minutes and changes nothing', async (minutes) => {
    const store = await readyStore();
    const { steps } = await startedRun(store);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(snoozeStep({ step_id: steps[0]!.id, minutes })).unwrap(),
      'Snooze for at least 1 minute.',
    );
  });

  it('dismisses and undismisses a step', async () => {
    const store = await readyStore();
    const { steps } = await startedRun(store);
    const id = steps[0]!.id;
    expect(await store.dispatch(dismissStep(id)).unwrap()).toMatchObject({
      dismissed_for_user: true,
      dismissed_at: '2026-06-01T15:00:00.000Z',
    });
    expect(await store.dispatch(undismissStep(id)).unwrap()).toMatchObject({
      dismissed_for_user: false,
      dismissed_at: null,
    });
  });

  it("answers 'Item not found' for an unknown step and 'Run not found' for a step whose run is gone", async () => {
    const store = await readyStore();
    const { run, steps } = await startedRun(store);
    await expectRejectedUnchanged(store, () => store.dispatch(dismissStep('x')).unwrap(), 'Item not found');
    await expectRejectedUnchanged(store, () => store.dispatch(undismissStep('x')).unwrap(), 'Item not found');
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(snoozeStep({ step_id: 'x' })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(completeStep({ step_id: 'x', time_mode: 'now' })).unwrap(),
      'Item not found',
    );
    const { changesApplied } = await import('../actions');
    store.dispatch(changesApplied({ op: 'test/orphan', remove: { runs: [run.id] } }));
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(dismissStep(steps[0]!.id)).unwrap(),
      'Run not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(addStepNote({ step_id: steps[0]!.id, body: 'x' })).unwrap(),
      'Run not found',
    );
  });

  it('completes a step at its scheduled time, now, or a custom time on the scheduled day', async () => {
    const store = await readyStore();
    const { steps } = await startedRun(store);
    const [wrap, chicken, box] = steps;
    expect(
      await store.dispatch(completeStep({ step_id: wrap!.id, time_mode: 'scheduled' })).unwrap(),
    ).toMatchObject({
      status: 'completed',
      completed_at: '2026-06-10T09:55:00.000Z',
      time_mode: 'scheduled',
    });
    expect(
      (await store.dispatch(completeStep({ step_id: chicken!.id, time_mode: 'now' })).unwrap()).completed_at,
    ).toBe('2026-06-01T15:00:00.000Z');
    const custom = await store
      .dispatch(
        completeStep({
          step_id: box!.id,
          time_mode: 'custom',
          custom_at: '7:05 PM',
          note: '  Looked great ',
        }),
      )
      .unwrap();
    expect(custom.completed_at).toBe('2026-06-10T19:05:00.000Z');
    expect(selectStepNotes(store.getState(), box!.id).map((n) => n.body)).toEqual(['Looked great']);
  });

  it('refuses a custom time that is not HH:MM, or a step with no scheduled time, with the SPEC texts', async () => {
    const store = await readyStore();
    const { steps } = await startedRun(store);
    const step = steps[0]!;
    await expectRejectedUnchanged(
      store,
      () =>
        store
          .dispatch(
            completeStep({ step_id: step.id, time_mode: 'custom', custom_at: 'later', note: 'kept?' }),
          )
          .unwrap(),
      'Please pick a valid time (HH:MM).',
    );
    const { changesApplied } = await import('../actions');
    store.dispatch(
      changesApplied({ op: 'test/unscheduled', set: { run_steps: [{ ...step, scheduled_at: null }] } }),
    );
    await expectRejectedUnchanged(
      store,
      () =>
        store.dispatch(completeStep({ step_id: step.id, time_mode: 'custom', custom_at: '10:00' })).unwrap(),
      'This step has no scheduled time to anchor the date.',
    );
  });

  it('names the custom time as the input a refused completion is about, so the dialog needs no text match', async () => {
    const store = await readyStore();
    const { steps } = await startedRun(store);
    await expect(
      store
        .dispatch(completeStep({ step_id: steps[0]!.id, time_mode: 'custom', custom_at: '25:99' }))
        .unwrap(),
    ).rejects.toEqual({ message: 'Please pick a valid time (HH:MM).', field: CUSTOM_TIME_FIELD });
    await expect(
      store.dispatch(completeStep({ step_id: 'no-such-step', time_mode: 'now' })).unwrap(),
    ).rejects.toEqual({ message: 'Item not found' });
  });
});

describe('step notes', () => {
  it('adds trimmed notes and lists them oldest first', async () => {
    const store = await readyStore();
    const { run, steps } = await startedRun(store);
    const id = steps[0]!.id;
    const first = await store.dispatch(addStepNote({ step_id: id, body: '  Spritzed ' })).unwrap();
    expect(first).toMatchObject({
      run_id: run.id,
      step_id: id,
      body: 'Spritzed',
      created_at: '2026-06-01T15:00:00.000Z',
      is_local: true,
    });
    store.clock.now += 1000;
    await store.dispatch(addStepNote({ step_id: id, body: 'Wrapped' })).unwrap();
    expect((await store.dispatch(getStepNotes(id)).unwrap()).map((n) => n.body)).toEqual([
      'Spritzed',
      'Wrapped',
    ]);
  });

  it('refuses an empty note and an unknown step', async () => {
    const store = await readyStore();
    const { steps } = await startedRun(store);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(addStepNote({ step_id: steps[0]!.id, body: '   ' })).unwrap(),
      'Write a note first.',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(addStepNote({ step_id: 'x', body: 'Hi' })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(store, () => store.dispatch(getStepNotes('x')).unwrap(), 'Item not found');
  });
});
