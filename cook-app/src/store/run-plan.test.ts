// The store keeps every active run on its plan: each change to a plan's inputs re-plans it at once.
import { describe, expect, it } from 'vitest';
import { changesApplied, SYNC_PULL_OP } from './actions';
import { addContest, attachTemplate, detachTemplate, updateContest } from './operations/contests';
import { addStepNote } from './operations/notes';
import {
  completeStep,
  dismissPlanChanges,
  dismissStep,
  finishRun,
  getOrStartRunForContest,
  resetRun,
  snoozeStep,
} from './operations/runs';
import { addTemplateStep, deleteTemplateStep, updateTemplateStep } from './operations/steps';
import { addTemplate, updateTemplate } from './operations/templates';
import { runSelectors, selectRunSteps, selectStepNotes } from './selectors';
import { readyStore, type TestStore } from './test-helpers';

/** Brisket (turn-in 14:00, trim 6 h and box 15 min before) attached to a cook-off on 2026-06-10, walk 5 (UTC). */
async function brisketCookOff(store: TestStore) {
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
  const brisket = await store.dispatch(addTemplate({ name: 'Brisket', turn_in_time: '14:00' })).unwrap();
  const trim = await store
    .dispatch(addTemplateStep({ template_id: brisket.id, name: 'Trim', minutes_before_turn_in: 360 }))
    .unwrap();
  const box = await store
    .dispatch(addTemplateStep({ template_id: brisket.id, name: 'Box', minutes_before_turn_in: 15 }))
    .unwrap();
  await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: brisket.id })).unwrap();
  const { run } = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
  return { contest, brisket, trim, box, run };
}

const times = (store: TestStore, runId: string) =>
  selectRunSteps(store.getState(), runId).map((step) => [step.name, step.scheduled_at]);
const runOf = (store: TestStore, runId: string) => runSelectors.selectById(store.getState(), runId)!;

describe('a started run follows its plan', () => {
  it('moves with the override turn-in and says what moved', async () => {
    const store = await readyStore();
    const { contest, brisket, run } = await brisketCookOff(store);
    const ids = selectRunSteps(store.getState(), run.id).map((step) => step.id);

    await store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: brisket.id, override_turn_in_time: '14:30' }),
      )
      .unwrap();

    expect(times(store, run.id)).toEqual([
      ['Trim', '2026-06-10T08:25:00.000Z'],
      ['Box', '2026-06-10T14:10:00.000Z'],
    ]);
    expect(selectRunSteps(store.getState(), run.id).map((step) => step.id)).toEqual(ids);
    const notice = runOf(store, run.id).plan_changes;
    expect(notice).toHaveLength(1);
    expect(notice?.[0]?.changes.map((change) => [change.kind, change.name])).toEqual([
      ['moved', 'Trim'],
      ['moved', 'Box'],
    ]);
  });

  it("moves with the walk time, the template turn-in and a step's minutes", async () => {
    const store = await readyStore();
    const { contest, brisket, box, run } = await brisketCookOff(store);
    await store.dispatch(updateContest({ id: contest.id, walk_time_adjust_minutes: 8 })).unwrap();
    expect(times(store, run.id)).toEqual([
      ['Trim', '2026-06-10T07:52:00.000Z'],
      ['Box', '2026-06-10T13:37:00.000Z'],
    ]);
    await store.dispatch(updateTemplate({ id: brisket.id, turn_in_time: '13:00' })).unwrap();
    await store.dispatch(updateTemplateStep({ id: box.id, minutes_before_turn_in: 30 })).unwrap();
    expect(times(store, run.id)).toEqual([
      ['Trim', '2026-06-10T06:52:00.000Z'],
      ['Box', '2026-06-10T12:22:00.000Z'],
    ]);
    expect(runOf(store, run.id).plan_changes).toHaveLength(3);
  });

  it("follows the cook-off's date and name", async () => {
    const store = await readyStore();
    const { contest, run } = await brisketCookOff(store);
    await store
      .dispatch(updateContest({ id: contest.id, contest_date: '2026-06-11', name: 'Odessa Open' }))
      .unwrap();
    expect(runOf(store, run.id)).toMatchObject({ contest_date: '2026-06-11', name: 'Odessa Open' });
    expect(times(store, run.id)[1]).toEqual(['Box', '2026-06-11T13:40:00.000Z']);
  });

  it('adds the steps of a template attached later and of a step added later', async () => {
    const store = await readyStore();
    const { contest, brisket, run } = await brisketCookOff(store);
    const ribs = await store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:00' })).unwrap();
    await store
      .dispatch(addTemplateStep({ template_id: ribs.id, name: 'Wrap', minutes_before_turn_in: 120 }))
      .unwrap();
    await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: ribs.id })).unwrap();
    await store
      .dispatch(addTemplateStep({ template_id: brisket.id, name: 'Rest', minutes_before_turn_in: 60 }))
      .unwrap();
    expect(times(store, run.id).map(([name]) => name)).toEqual(['Trim', 'Wrap', 'Rest', 'Box']);
  });

  it('drops a pending step that left the plan, keeps a completed one marked, and keeps notes', async () => {
    const store = await readyStore();
    const { trim, box, run } = await brisketCookOff(store);
    const [trimStep, boxStep] = selectRunSteps(store.getState(), run.id);
    await store
      .dispatch(completeStep({ step_id: trimStep!.id, time_mode: 'scheduled', note: 'Fat cap left on' }))
      .unwrap();
    await store.dispatch(deleteTemplateStep(trim.id)).unwrap();
    await store.dispatch(deleteTemplateStep(box.id)).unwrap();

    const steps = selectRunSteps(store.getState(), run.id);
    // The template has no steps now: its one turn-in step is in the plan; the completed Trim stays marked.
    expect(steps.map((step) => [step.name, step.status, Boolean(step.left_plan_at)])).toEqual([
      ['Trim', 'completed', true],
      ['Brisket', 'pending', false],
    ]);
    expect(steps.some((step) => step.id === boxStep!.id)).toBe(false);
    expect(selectStepNotes(store.getState(), trimStep!.id).map((note) => note.body)).toEqual([
      'Fat cap left on',
    ]);
  });

  it('keeps a snooze its distance from the plan', async () => {
    const store = await readyStore();
    const { contest, brisket, run } = await brisketCookOff(store);
    const box = selectRunSteps(store.getState(), run.id)[1]!;
    store.clock.now = Date.parse('2026-06-10T13:40:00.000Z');
    await store.dispatch(snoozeStep({ step_id: box.id, minutes: 10 })).unwrap();
    await store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: brisket.id, override_turn_in_time: '14:30' }),
      )
      .unwrap();
    const after = selectRunSteps(store.getState(), run.id)[1]!;
    expect(after).toMatchObject({
      planned_at: '2026-06-10T14:10:00.000Z',
      scheduled_at: '2026-06-10T14:20:00.000Z',
    });
  });

  it('a run started with nothing attached gets the steps when a template is attached', async () => {
    const store = await readyStore();
    const contest = await store
      .dispatch(
        addContest({
          name: 'Empty',
          sanctioning_body_id: '1',
          contest_date: '2026-06-10',
          walk_time_adjust_minutes: 0,
        }),
      )
      .unwrap();
    const { run, steps } = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    expect(steps).toEqual([]);
    const chicken = await store.dispatch(addTemplate({ name: 'Chicken', turn_in_time: '11:00' })).unwrap();
    await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: chicken.id })).unwrap();
    expect(times(store, run.id)).toEqual([['Chicken', '2026-06-10T11:00:00.000Z']]);
    await store.dispatch(detachTemplate({ contest_id: contest.id, template_id: chicken.id })).unwrap();
    expect(times(store, run.id)).toEqual([]);
  });

  it('leaves a finished run as it was', async () => {
    const store = await readyStore();
    const { contest, brisket, run } = await brisketCookOff(store);
    const finished = await store.dispatch(finishRun(run.id)).unwrap();
    expect(finished).toMatchObject({
      status: 'finished',
      finished_at: new Date(store.clock.now).toISOString(),
    });
    const before = times(store, run.id);
    await store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: brisket.id, override_turn_in_time: '15:00' }),
      )
      .unwrap();
    expect(times(store, run.id)).toEqual(before);
    const next = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    expect(next.started).toBe(true);
    expect(next.run.id).not.toBe(run.id);
  });
});

describe('resetting a run and dismissing its notice', () => {
  it('makes every step pending again at its planned time, keeps notes and clears the notice', async () => {
    const store = await readyStore();
    const { contest, brisket, run } = await brisketCookOff(store);
    const [trim, box] = selectRunSteps(store.getState(), run.id);
    await store.dispatch(completeStep({ step_id: trim!.id, time_mode: 'now' })).unwrap();
    await store.dispatch(dismissStep(box!.id)).unwrap();
    await store.dispatch(snoozeStep({ step_id: box!.id, minutes: 30 })).unwrap();
    await store.dispatch(addStepNote({ step_id: box!.id, body: 'Probe tender' })).unwrap();
    await store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: brisket.id, override_turn_in_time: '14:30' }),
      )
      .unwrap();

    await store.dispatch(resetRun(run.id)).unwrap();

    const steps = selectRunSteps(store.getState(), run.id);
    expect(
      steps.map((step) => [
        step.id,
        step.status,
        step.completed_at,
        step.dismissed_for_user,
        step.scheduled_at,
      ]),
    ).toEqual([
      [trim!.id, 'pending', null, false, '2026-06-10T08:25:00.000Z'],
      [box!.id, 'pending', null, false, '2026-06-10T14:10:00.000Z'],
    ]);
    expect(selectStepNotes(store.getState(), box!.id)).toHaveLength(1);
    expect(runOf(store, run.id).plan_changes).toEqual([]);
  });

  it('dismissing the notice empties it and nothing else', async () => {
    const store = await readyStore();
    const { contest, brisket, run } = await brisketCookOff(store);
    await store.dispatch(updateContest({ id: contest.id, walk_time_adjust_minutes: 8 })).unwrap();
    void brisket;
    const before = times(store, run.id);
    expect(runOf(store, run.id).plan_changes).toHaveLength(1);
    await store.dispatch(dismissPlanChanges(run.id)).unwrap();
    expect(runOf(store, run.id).plan_changes).toEqual([]);
    expect(times(store, run.id)).toEqual(before);
  });

  it('rejects an unknown run with "Run not found" and changes nothing', async () => {
    const store = await readyStore();
    await brisketCookOff(store);
    const before = store.getState();
    await expect(store.dispatch(resetRun('nope')).unwrap()).rejects.toEqual({ message: 'Run not found' });
    await expect(store.dispatch(finishRun('nope')).unwrap()).rejects.toEqual({ message: 'Run not found' });
    expect(store.getState()).toBe(before);
  });
});

describe('re-plans on this device only', () => {
  it('changes that came from another device are not re-planned here (their re-plan comes with them)', async () => {
    const store = await readyStore();
    const { contest, run } = await brisketCookOff(store);
    const before = times(store, run.id);
    const moved = { ...contest, walk_time_adjust_minutes: 30 };
    store.dispatch(changesApplied({ op: SYNC_PULL_OP, set: { contests: [moved] } }));
    expect(times(store, run.id)).toEqual(before);
  });

  it('a run whose template is not on this device (yet) is not re-planned: its steps stay', async () => {
    const store = await readyStore();
    const { contest, brisket, run } = await brisketCookOff(store);
    const before = times(store, run.id);
    store.dispatch(changesApplied({ op: 'test/template-missing', remove: { templates: [brisket.id] } }));
    await store.dispatch(updateContest({ ...contest, walk_time_adjust_minutes: 30 })).unwrap();
    expect(times(store, run.id)).toEqual(before);
  });
});
