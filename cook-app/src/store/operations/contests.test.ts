import { describe, expect, it } from 'vitest';
import { changesApplied } from '../actions';
import {
  contestSelectors,
  contestTemplateSelectors,
  runSelectors,
  runStepSelectors,
  selectContestAttachments,
  selectContestEnvironment,
  selectStoreCounts,
  stepNoteSelectors,
} from '../selectors';
import { STORE_NAMES } from '../types';
import { expectRejectedUnchanged, readyStore, type TestStore } from '../test-helpers';
import {
  addContest,
  attachTemplate,
  deleteContest,
  detachTemplate,
  getContests,
  saveContestEnvironment,
  setContestClock,
  updateContest,
} from './contests';
import { addStepNote } from './notes';
import { getOrStartRunForContest } from './runs';
import { addTemplateStep } from './steps';
import { addTemplate } from './templates';

const newContest = (store: TestStore, fields: Record<string, unknown> = {}) =>
  store.dispatch(addContest({ name: 'Odessa Smoke', sanctioning_body_id: '1', ...fields })).unwrap();

describe('cook-offs', () => {
  it('adds a cook-off: trimmed, dated today by default, walk time clamped, body id as stored', async () => {
    const store = await readyStore();
    const contest = await newContest(store, {
      name: ' Odessa Smoke ',
      sanctioning_body_id: 3,
      walk_time_adjust_minutes: '45',
      location: ' Odessa, TX ',
    });
    expect(contest).toMatchObject({
      name: 'Odessa Smoke',
      contest_date: '2026-06-01',
      sanctioning_body_id: '3',
      location: 'Odessa, TX',
      walk_time_adjust_minutes: 20,
      category_id: null,
      user_id: 'local',
      is_local: true,
    });
    const plain = await newContest(store, { walk_time_adjust_minutes: 'soon', location: '  ' });
    expect(plain).toMatchObject({ walk_time_adjust_minutes: 0, location: null });
  });

  it.each([
    [{ name: '  ' }, 'Please provide a cook-off name.'],
    [{ sanctioning_body_id: '' }, 'Please choose a sanctioning body.'],
    [{ sanctioning_body_id: '99' }, 'Please choose a sanctioning body.'],
    [{ contest_date: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD).'],
  ])('refuses %o with %s and changes nothing', async (fields, message) => {
    const store = await readyStore();
    await expectRejectedUnchanged(store, () => newContest(store, fields), message);
  });

  it('lists cook-offs by date; upcoming ones from 7 days ago on', async () => {
    const store = await readyStore();
    await newContest(store, { name: 'Later', contest_date: '2026-07-01' });
    await newContest(store, { name: 'Old', contest_date: '2026-05-01' });
    await newContest(store, { name: 'Recent', contest_date: '2026-05-26' });
    expect((await store.dispatch(getContests()).unwrap()).map((c) => c.name)).toEqual([
      'Old',
      'Recent',
      'Later',
    ]);
    expect((await store.dispatch(getContests({ upcoming: true })).unwrap()).map((c) => c.name)).toEqual([
      'Recent',
      'Later',
    ]);
  });

  it('edits with the same rules, keeping what is not sent', async () => {
    const store = await readyStore();
    const contest = await newContest(store, { location: 'Odessa, TX', walk_time_adjust_minutes: 5 });
    store.clock.now += 1000;
    const edited = await store
      .dispatch(updateContest({ id: contest.id, walk_time_adjust_minutes: -4 }))
      .unwrap();
    expect(edited).toMatchObject({
      name: 'Odessa Smoke',
      location: 'Odessa, TX',
      walk_time_adjust_minutes: 0,
      updated_at: '2026-06-01T15:00:01.000Z',
    });
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateContest({ id: contest.id, name: '' })).unwrap(),
      'Please provide a cook-off name.',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateContest({ id: 'nope', name: 'X' })).unwrap(),
      'Item not found',
    );
  });

  it('sets the contest clock from the time the official clock shows, refuses a non-time, and resets', async () => {
    const store = await readyStore();
    const contest = await newContest(store);
    // The store's clock reads 15:00 UTC; the official clock shows 15:03.
    const set = await store.dispatch(setContestClock({ contest_id: contest.id, shown: '15:03' })).unwrap();
    expect(set.clock_offset_ms).toBe(3 * 60_000);
    expect(store.getState().contests.entities[contest.id]?.clock_offset_ms).toBe(3 * 60_000);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(setContestClock({ contest_id: contest.id, shown: 'noon-ish' })).unwrap(),
      'Please pick a valid time (HH:MM).',
    );
    await store.dispatch(setContestClock({ contest_id: contest.id, shown: '' })).unwrap();
    expect(store.getState().contests.entities[contest.id]?.clock_offset_ms).toBe(0);
  });

  it('deletes a cook-off with its attachments, runs, run steps, notes and weather', async () => {
    const store = await readyStore();
    const contest = await newContest(store, { contest_date: '2026-06-10' });
    const other = await newContest(store, { name: 'Other', contest_date: '2026-06-10' });
    const template = await store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:00' })).unwrap();
    for (const c of [contest, other])
      await store.dispatch(attachTemplate({ contest_id: c.id, template_id: template.id })).unwrap();
    const { steps } = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    await store.dispatch(getOrStartRunForContest(other.id)).unwrap();
    await store.dispatch(addStepNote({ step_id: steps[0]!.id, body: 'Sauced' })).unwrap();
    await store.dispatch(saveContestEnvironment({ contest_id: contest.id, lat: 31.8 })).unwrap();

    await store.dispatch(deleteContest(contest.id)).unwrap();
    const state = store.getState();
    expect(contestSelectors.selectIds(state)).toEqual([other.id]);
    expect(contestTemplateSelectors.selectAll(state).map((a) => a.contest_id)).toEqual([other.id]);
    expect(runSelectors.selectAll(state).map((r) => r.contest_id)).toEqual([other.id]);
    expect(runStepSelectors.selectAll(state).every((s) => s.contest_id === other.id)).toBe(true);
    expect(stepNoteSelectors.selectTotal(state)).toBe(0);
    expect(selectContestEnvironment(state, contest.id)).toBeUndefined();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(deleteContest(contest.id)).unwrap(),
      'Item not found',
    );
  });
});

describe('deleting a started cook-off', () => {
  it('removes the cook-off with its runs, their steps and notes, its attachments and weather, in one change; another cook-off keeps all of its records', async () => {
    const store = await readyStore();
    const contest = await newContest(store, { contest_date: '2026-06-10' });
    const other = await newContest(store, { name: 'Other', contest_date: '2026-06-10' });
    const brisket = await store.dispatch(addTemplate({ name: 'Brisket', turn_in_time: '13:30' })).unwrap();
    const ribs = await store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:00' })).unwrap();
    await store.dispatch(
      addTemplateStep({ template_id: brisket.id, name: 'Wrap', minutes_before_turn_in: 90 }),
    );
    await store.dispatch(
      addTemplateStep({ template_id: ribs.id, name: 'Sauce', minutes_before_turn_in: 30 }),
    );
    for (const c of [contest, other])
      for (const t of [brisket, ribs])
        await store.dispatch(attachTemplate({ contest_id: c.id, template_id: t.id })).unwrap();
    // Two runs of the cook-off: an earlier one no longer active, and the active one; notes on both.
    const first = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    await store.dispatch(addStepNote({ step_id: first.steps[0]!.id, body: 'Too early' })).unwrap();
    store.dispatch(
      changesApplied({ op: 'test/finish', set: { runs: [{ ...first.run, status: 'completed' }] } }),
    );
    const second = await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    expect(second.started).toBe(true);
    await store.dispatch(addStepNote({ step_id: second.steps[1]!.id, body: 'Sauced' })).unwrap();
    const kept = await store.dispatch(getOrStartRunForContest(other.id)).unwrap();
    await store.dispatch(addStepNote({ step_id: kept.steps[0]!.id, body: 'Other team' })).unwrap();
    for (const c of [contest, other])
      await store.dispatch(saveContestEnvironment({ contest_id: c.id, lat: 31.8 })).unwrap();

    const before = selectStoreCounts(store.getState());
    const otherRecords = (state: ReturnType<typeof store.getState>) => ({
      contest: contestSelectors.selectById(state, other.id),
      attachments: selectContestAttachments(state, other.id),
      runs: runSelectors.selectAll(state).filter((r) => r.contest_id === other.id),
      steps: runStepSelectors.selectAll(state).filter((s) => s.contest_id === other.id),
      notes: stepNoteSelectors.selectAll(state).filter((n) => n.run_id === kept.run.id),
      environment: selectContestEnvironment(state, other.id),
    });
    const otherBefore = otherRecords(store.getState());
    const stepsPerRun = second.steps.length;
    expect(stepsPerRun).toBe(2);
    expect(before).toMatchObject({
      contests: 2,
      contest_templates: 4,
      runs: 3,
      run_steps: 3 * stepsPerRun,
      step_notes: 3,
      contest_environment: 2,
      templates: 2,
      template_steps: 2,
    });

    // Every state the store goes through: the data changes once, all at once.
    const dataStates: Record<string, number>[] = [];
    let last = store.getState();
    const unsubscribe = store.store.subscribe(() => {
      const state = store.getState();
      if (STORE_NAMES.some((name) => state[name] !== last[name])) dataStates.push(selectStoreCounts(state));
      last = state;
    });
    await store.dispatch(deleteContest(contest.id)).unwrap();
    unsubscribe();

    const after = selectStoreCounts(store.getState());
    expect(dataStates).toEqual([after]);
    expect(after).toEqual({
      ...before,
      contests: 1,
      contest_templates: 2,
      runs: 1,
      run_steps: stepsPerRun,
      step_notes: 1,
      contest_environment: 1,
    });
    // The other cook-off's records are the very same objects; templates and their steps stay.
    const otherAfter = otherRecords(store.getState());
    expect(otherAfter.contest).toBe(otherBefore.contest);
    expect(otherAfter.attachments).toEqual(otherBefore.attachments);
    expect(otherAfter.runs).toEqual(otherBefore.runs);
    expect(otherAfter.steps).toEqual(otherBefore.steps);
    expect(otherAfter.notes).toEqual(otherBefore.notes);
    expect(otherAfter.environment).toBe(otherBefore.environment);
  });
});

describe('attaching templates', () => {
  it('attaches a template with an override read as HH:MM', async () => {
    const store = await readyStore();
    const contest = await newContest(store);
    const template = await store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:30' })).unwrap();
    const attachment = await store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: template.id, override_turn_in_time: '1 PM' }),
      )
      .unwrap();
    expect(attachment).toMatchObject({
      contest_id: contest.id,
      template_id: template.id,
      override_turn_in_time: '13:00',
      is_local: true,
    });
    expect(selectContestAttachments(store.getState(), contest.id)).toEqual([attachment]);
  });

  it('re-attaching updates the override only when it differs', async () => {
    const store = await readyStore();
    const contest = await newContest(store);
    const template = await store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    const first = await store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: template.id, override_turn_in_time: '13:00' }),
      )
      .unwrap();

    const before = store.getState();
    const same = await store
      .dispatch(
        attachTemplate({
          contest_id: contest.id,
          template_id: template.id,
          override_turn_in_time: '1:00 PM',
        }),
      )
      .unwrap();
    expect(same).toBe(first);
    expect(store.getState()).toBe(before);

    store.clock.now += 1000;
    const changed = await store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: template.id, override_turn_in_time: '14:00' }),
      )
      .unwrap();
    expect(changed).toMatchObject({
      id: first.id,
      override_turn_in_time: '14:00',
      updated_at: '2026-06-01T15:00:01.000Z',
    });
    expect(contestTemplateSelectors.selectTotal(store.getState())).toBe(1);
  });

  it('refuses without a cook-off, or with an unknown one or template', async () => {
    const store = await readyStore();
    const contest = await newContest(store);
    const template = await store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(attachTemplate({ contest_id: '', template_id: template.id })).unwrap(),
      'No contest selected',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(attachTemplate({ contest_id: 'x', template_id: template.id })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(attachTemplate({ contest_id: contest.id, template_id: 'x' })).unwrap(),
      'Item not found',
    );
  });

  it('detaches a template; detaching one that is not attached is refused', async () => {
    const store = await readyStore();
    const contest = await newContest(store);
    const template = await store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
    await store.dispatch(detachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
    expect(contestTemplateSelectors.selectTotal(store.getState())).toBe(0);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(detachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(detachTemplate({ contest_id: '', template_id: template.id })).unwrap(),
      'No contest selected',
    );
  });
});

describe('contest environment (weather)', () => {
  it('saves one record per cook-off, merging later saves', async () => {
    const store = await readyStore();
    const contest = await newContest(store);
    await store
      .dispatch(
        saveContestEnvironment({ contest_id: contest.id, lat: 31.85, lon: -102.37, provider: 'open-meteo' }),
      )
      .unwrap();
    store.clock.now += 1000;
    const record = await store
      .dispatch(saveContestEnvironment({ contest_id: contest.id, boiling_point_c: 98.9, lat: undefined }))
      .unwrap();
    expect(record).toMatchObject({
      contest_id: contest.id,
      lat: 31.85,
      lon: -102.37,
      provider: 'open-meteo',
      boiling_point_c: 98.9,
      approximate_only: false,
      created_at: '2026-06-01T15:00:00.000Z',
      updated_at: '2026-06-01T15:00:01.000Z',
      is_local: true,
    });
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(saveContestEnvironment({ contest_id: 'x', lat: 1 })).unwrap(),
      'Item not found',
    );
  });
});
