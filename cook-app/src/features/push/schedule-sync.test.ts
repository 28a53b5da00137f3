import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, type SessionStore, type StorageLike } from '@pitclock/contracts';
import { makeJwt, startTestServer, type TestServer } from '@pitclock/contracts/testing';
import {
  addContest,
  addTemplate,
  addTemplateStep,
  attachTemplate,
  completeStep,
  deleteContest,
  dismissStep,
  getOrStartRunForContest,
  selectRunSteps,
  setContestClock,
  snoozeStep,
  undismissStep,
  type RunStep,
} from '../../store';
import { changesApplied } from '../../store/actions';
import { cookStore, type TestBundle } from '../../lib/test-support';
import { startScheduleSync } from './schedule-sync';
import { memorySession, testClient, testOutbox } from './test-support';

const ZONE = 'America/Chicago';
const LOCALE = 'en-GB';
const servers: TestServer[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  stops.splice(0).forEach((stop) => stop());
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function notifier() {
  const server = await startTestServer((req) =>
    req.method === 'PUT' ? { json: { run_id: 'x', scheduled: 1 } } : { status: 204 },
  );
  servers.push(server);
  return server;
}

/**
 * A real store and outbox, synced, against a real notifier; `session` signed in unless told otherwise.
 * `locale` null: the sync's default (the device's).
 */
async function setup({
  session = memorySession(),
  storage = createMemoryStorage(),
  bundle,
  locale = LOCALE,
}: { session?: SessionStore; storage?: StorageLike; bundle?: TestBundle; locale?: string | null } = {}) {
  const server = await notifier();
  const store = bundle ?? (await cookStore());
  const { outbox } = testOutbox({ client: testClient(session, server), session, storage });
  const sync = (syncLocale: string | null = locale) => {
    const stop = startScheduleSync(store.store, {
      outbox,
      session,
      storage,
      timeZone: ZONE,
      ...(syncLocale === null ? {} : { locale: syncLocale }),
    });
    stops.push(stop);
    return stop;
  };
  const stopSync = sync();
  /** The requests received since the last call, after the outbox has sent everything. */
  let seen = 0;
  const received = async () => {
    await outbox.idle();
    const fresh = server.requests.slice(seen);
    seen = server.requests.length;
    return fresh.map((r) => ({ method: r.method, path: r.path, body: r.json }));
  };
  return { server, store, session, storage, outbox, sync, stopSync, received };
}

/**
 * A cook-off today (2026-06-01, UTC store) with Ribs (turn-in 18:00: Wrap 16:00, Box 17:50) and Chicken
 * (turn-in 17:00: Inject 14:00).
 */
async function cookOff({ store }: TestBundle) {
  const contest = await store
    .dispatch(addContest({ name: 'Odessa Smoke-off', sanctioning_body_id: '1', contest_date: '2026-06-01' }))
    .unwrap();
  const ribs = await store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '18:00' })).unwrap();
  const chicken = await store.dispatch(addTemplate({ name: 'Chicken', turn_in_time: '17:00' })).unwrap();
  for (const step of [
    { template_id: ribs.id, name: 'Wrap', minutes_before_turn_in: 120 },
    { template_id: ribs.id, name: 'Box', minutes_before_turn_in: 10 },
    { template_id: chicken.id, name: 'Inject', minutes_before_turn_in: 180 },
  ]) {
    await store.dispatch(addTemplateStep(step)).unwrap();
  }
  await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: ribs.id })).unwrap();
  await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: chicken.id })).unwrap();
  return contest;
}

async function startRun(bundle: TestBundle, contestId: string) {
  const { run } = await bundle.store.dispatch(getOrStartRunForContest(contestId)).unwrap();
  const steps = selectRunSteps(bundle.store.getState(), run.id);
  const byName = (name: string) => steps.find((s) => s.name === name) as RunStep;
  return { run, inject: byName('Inject'), wrap: byName('Wrap'), box: byName('Box') };
}

type Sent = { at: string; done?: boolean; dismissed?: boolean };

/** The expected body: Inject, Wrap, Box at the given times and flags. */
function schedule(
  contestId: string,
  ids: { inject: RunStep; wrap: RunStep; box: RunStep },
  sent: [Sent, Sent, Sent],
) {
  const names = [
    [ids.inject, 'Chicken'],
    [ids.wrap, 'Ribs'],
    [ids.box, 'Ribs'],
  ] as const;
  return {
    contest_id: contestId,
    contest_name: 'Odessa Smoke-off',
    time_zone: ZONE,
    locale: LOCALE,
    steps: names
      .map(([step, template], i) => ({
        id: step.id,
        name: step.name,
        scheduled_at: sent[i]?.at ?? '',
        done: sent[i]?.done ?? false,
        dismissed: sent[i]?.dismissed ?? false,
        template_name: template,
      }))
      .sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at)),
  };
}

const at = (hhmm: string) => `2026-06-01T${hhmm}:00.000Z`;

describe('the schedule sync', () => {
  it('sends the schedule of a started run, then each change of it: complete, snooze, dismiss, undismiss, contest clock', async () => {
    const { store, received } = await setup();
    const contest = await cookOff(store);
    expect(await received()).toEqual([]); // no run yet

    const { run, ...ids } = await startRun(store, contest.id);
    const path = `/api/push/runs/${run.id}/schedule`;
    const put = (sent: [Sent, Sent, Sent]) => [
      { method: 'PUT', path, body: schedule(contest.id, ids, sent) },
    ];
    expect(await received()).toEqual(put([{ at: at('14:00') }, { at: at('16:00') }, { at: at('17:50') }]));

    await store.store.dispatch(completeStep({ step_id: ids.inject.id, time_mode: 'now' })).unwrap();
    expect(await received()).toEqual(
      put([{ at: at('14:00'), done: true }, { at: at('16:00') }, { at: at('17:50') }]),
    );

    await store.store.dispatch(snoozeStep({ step_id: ids.wrap.id, minutes: 10 })).unwrap();
    expect(await received()).toEqual(
      put([{ at: at('14:00'), done: true }, { at: at('15:10') }, { at: at('17:50') }]),
    );

    await store.store.dispatch(dismissStep(ids.box.id)).unwrap();
    expect(await received()).toEqual(
      put([{ at: at('14:00'), done: true }, { at: at('15:10') }, { at: at('17:50'), dismissed: true }]),
    );

    await store.store.dispatch(undismissStep(ids.box.id)).unwrap();
    expect(await received()).toEqual(
      put([{ at: at('14:00'), done: true }, { at: at('15:10') }, { at: at('17:50') }]),
    );

    // The official clock shows 15:05 when this device shows 15:00: every push comes 5 minutes sooner.
    await store.store.dispatch(setContestClock({ contest_id: contest.id, shown: '15:05' })).unwrap();
    expect(await received()).toEqual(
      put([{ at: at('13:55'), done: true }, { at: at('15:05') }, { at: at('17:45') }]),
    );
  });

  it('sends the schedule again with team_id once its cook-off is shared with a team, and every change after', async () => {
    const { store, received } = await setup();
    const contest = await cookOff(store);
    const { run, ...ids } = await startRun(store, contest.id);
    await received();
    const teamId = '3f2b8c1e-5d4a-4b6f-9a7e-2c1d0e9f8a7b';
    const path = `/api/push/runs/${run.id}/schedule`;
    const put = (sent: [Sent, Sent, Sent]) => [
      { method: 'PUT', path, body: { ...schedule(contest.id, ids, sent), team_id: teamId } },
    ];

    // As the sync engine writes a pulled record: the cook-off now belongs to the team.
    const stored = store.store.getState().contests.entities[contest.id]!;
    store.store.dispatch(
      changesApplied({ op: 'sync/pull', set: { contests: [{ ...stored, team_id: teamId }] } }),
    );
    expect(await received()).toEqual(put([{ at: at('14:00') }, { at: at('16:00') }, { at: at('17:50') }]));

    await store.store.dispatch(completeStep({ step_id: ids.inject.id, time_mode: 'now' })).unwrap();
    expect(await received()).toEqual(
      put([{ at: at('14:00'), done: true }, { at: at('16:00') }, { at: at('17:50') }]),
    );
  });

  it('sends nothing for a change that does not touch a schedule', async () => {
    const { store, received } = await setup();
    const contest = await cookOff(store);
    await startRun(store, contest.id);
    await received();
    await store.store.dispatch(addTemplate({ name: 'Brisket', turn_in_time: '13:00' })).unwrap();
    await store.store.dispatch(getOrStartRunForContest(contest.id)).unwrap(); // reuses the active run
    expect(await received()).toEqual([]);
  });

  it("deletes a run's schedule when the run goes (its cook-off deleted)", async () => {
    const { store, received } = await setup();
    const contest = await cookOff(store);
    const { run } = await startRun(store, contest.id);
    await received();
    await store.store.dispatch(deleteContest(contest.id)).unwrap();
    expect(await received()).toEqual([
      { method: 'DELETE', path: `/api/push/runs/${run.id}/schedule`, body: undefined },
    ]);
  });

  it('sends nothing while signed out, and the current schedules once signed in', async () => {
    const session = memorySession(null);
    const { store, received } = await setup({ session });
    const contest = await cookOff(store);
    const { run } = await startRun(store, contest.id);
    await store.store.dispatch(setContestClock({ contest_id: contest.id, shown: '15:05' })).unwrap();
    expect(await received()).toEqual([]);

    session.setTokens({ token: makeJwt({ sub: '7' }) });
    const sent = await received();
    expect(sent.map((r) => [r.method, r.path])).toEqual([['PUT', `/api/push/runs/${run.id}/schedule`]]);
    expect((sent[0]?.body as { steps: { scheduled_at: string }[] }).steps[0]?.scheduled_at).toBe(at('13:55'));
  });

  it('after a restart sends only what changed meanwhile (the fingerprints are kept)', async () => {
    const first = await setup();
    const contest = await cookOff(first.store);
    const { run, wrap } = await startRun(first.store, contest.id);
    await first.received();
    first.stopSync();

    await first.store.store.dispatch(completeStep({ step_id: wrap.id, time_mode: 'now' })).unwrap();
    first.sync(); // a restart: a new sync on the same storage
    const sent = await first.received();
    expect(sent.map((r) => [r.method, r.path])).toEqual([['PUT', `/api/push/runs/${run.id}/schedule`]]);
    expect(
      (sent[0]?.body as { steps: { id: string; done: boolean }[] }).steps.find((s) => s.id === wrap.id)?.done,
    ).toBe(true);

    first.stopSync();
    first.sync();
    expect(await first.received()).toEqual([]);
  });

  it('sends every schedule again when another user signs in on this device', async () => {
    const { store, session, received } = await setup();
    const contest = await cookOff(store);
    const { run } = await startRun(store, contest.id);
    await received();
    session.setTokens({ token: makeJwt({ sub: '7', renewed: true }) }); // same user, new token
    expect(await received()).toEqual([]);
    session.setTokens({ token: makeJwt({ sub: '8' }) });
    expect((await received()).map((r) => [r.method, r.path])).toEqual([
      ['PUT', `/api/push/runs/${run.id}/schedule`],
    ]);
  });

  it("sends the device's locale by default (navigator.language), and leaves out one the notifier would refuse", async () => {
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const device = await setup({ locale: null });
    const contest = await cookOff(device.store);
    const { run } = await startRun(device.store, contest.id);
    const sent = await device.received();
    expect(sent.map((r) => [r.method, r.path])).toEqual([['PUT', `/api/push/runs/${run.id}/schedule`]]);
    expect(sent[0]?.body).toMatchObject({ time_zone: ZONE, locale: 'en-US' });

    language.mockReturnValue('en_US');
    const odd = await setup({ locale: null });
    const other = await cookOff(odd.store);
    await startRun(odd.store, other.id);
    const [put] = await odd.received();
    // The schedule still goes (its pushes then read 24-hour HH:MM), without the locale.
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({ time_zone: ZONE, steps: expect.any(Array) });
    expect(put?.body).not.toHaveProperty('locale');
  });

  it('sends every schedule again when the locale changes (the sync restarted with the new one)', async () => {
    const { store, sync, stopSync, received } = await setup();
    const contest = await cookOff(store);
    const { run } = await startRun(store, contest.id);
    expect((await received()).map((r) => (r.body as { locale?: string }).locale)).toEqual([LOCALE]);
    stopSync();
    sync('en-US');
    const sent = await received();
    expect(sent.map((r) => [r.method, r.path])).toEqual([['PUT', `/api/push/runs/${run.id}/schedule`]]);
    expect(sent[0]?.body).toMatchObject({ locale: 'en-US' });
  });
});
