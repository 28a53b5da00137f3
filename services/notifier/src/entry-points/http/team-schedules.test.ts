import { randomUUID } from 'node:crypto';
import type { PushPayload } from '@pitclock/contracts/push';
import { PUSH_MESSAGES as m } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ownedTables } from '../../data-access';
import { createDismissTokens } from '../../domain/dismiss-token';
import { JWT_SECRET, useNotifierService, type Caller } from '../../test-support/harness';

const svc = useNotifierService();
const tokens = createDismissTokens(JWT_SECRET);

// Steps are due well ahead: their jobs stay delayed in the queue to be looked at (no worker runs, except
// in the last test).
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
type StepBody = { id: string; name: string; scheduled_at: string; done: boolean; dismissed: boolean };
const step = (id: string, scheduledAt: string, more: Partial<StepBody> = {}): StepBody => ({
  id,
  name: `Step ${id}`,
  scheduled_at: scheduledAt,
  done: false,
  dismissed: false,
  ...more,
});
const schedule = (teamId: string | null | undefined, steps: StepBody[]) => ({
  contest_id: 'contest-team',
  contest_name: 'Team Smoke-off',
  time_zone: 'America/Chicago',
  ...(teamId === undefined ? {} : { team_id: teamId }),
  steps,
});
const put = (caller: Caller, runId: string, body: object) =>
  request(svc.app()).put(`/api/push/runs/${runId}/schedule`).set(caller.headers).send(body);
const del = (caller: Caller, runId: string) =>
  request(svc.app()).delete(`/api/push/runs/${runId}/schedule`).set(caller.headers);

/** The steps that have waiting jobs in a user's copy of the run. */
const jobSteps = async (userId: number, runId: string) =>
  [...new Set((await svc.jobsOf(userId, runId)).map((job) => job.data.stepId))].sort();
/** Each user's copy of the run: its team and its steps' state. */
const copies = async (runId: string) =>
  svc.query<{ user_id: number; team_id: string | null; steps: string[] }>(
    `select s.user_id, s.team_id,
       coalesce(array_agg(st.step_id || case when st.done then ':done' when st.dismissed then ':dismissed'
         else '' end order by st.position) filter (where st.step_id is not null), '{}') as steps
     from push_schedules s left join push_schedule_steps st using (user_id, run_id)
     where s.run_id = $1 group by s.user_id, s.team_id order by s.user_id`,
    [runId],
  );

/** Every row of every table and every job: what a refused request must leave as it was. */
const stored = async () => {
  const tables: Record<string, unknown[]> = {};
  for (const table of ownedTables) tables[table] = await svc.query(`select * from ${table} order by 1, 2`);
  const jobs = await svc.queue().getJobs(['delayed', 'waiting', 'active', 'completed', 'failed']);
  return { tables, jobs: jobs.map((job) => job?.id).sort() };
};

/** Three cooks in one team (the first its owner) and a run of theirs with two steps. */
const teamOfThree = async () => {
  const cooks = [await svc.user(), await svc.user(), await svc.user()];
  const teamId = svc.syncStandIn().createTeam(cooks);
  const steps = [step('trim', inMinutes(10)), step('wrap', inMinutes(20))];
  return { cooks, teamId, runId: `run-${randomUUID()}`, steps };
};

describe('PUT /api/push/runs/{runId}/schedule with team_id', () => {
  it("a member's team schedule is stored and planned for every member: their own rows, their own job ids", async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    const calls = svc.syncStandIn().calls();
    const res = await put(cooks[1]!, runId, schedule(teamId, steps)).expect(200);
    expect(res.body).toEqual({ run_id: runId, scheduled: 10 });
    expect(svc.syncStandIn().calls()).toBe(calls + 1);

    expect(await copies(runId)).toEqual(
      cooks.map((cook) => ({ user_id: cook.id, team_id: teamId, steps: ['trim', 'wrap'] })),
    );
    const ids = new Set<string>();
    for (const cook of cooks) {
      const jobs = await svc.jobsOf(cook.id, runId);
      expect(jobs).toHaveLength(10);
      expect(new Set(jobs.map((job) => job.data.userId))).toEqual(new Set([cook.id]));
      for (const job of jobs) ids.add(String(job.id));
    }
    // Job ids stay unique per user: 3 members × 2 steps × 5 stages.
    expect(ids.size).toBe(30);

    // The same schedule again from another member adds nothing.
    await put(cooks[2]!, runId, schedule(teamId, steps)).expect(200);
    const again = new Set<string>();
    for (const cook of cooks) for (const job of await svc.jobsOf(cook.id, runId)) again.add(String(job.id));
    expect(again).toEqual(ids);
  });

  it("a step completed by another member stops that step's alerts for everyone; a re-timed one moves for everyone", async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    await put(cooks[0]!, runId, schedule(teamId, steps)).expect(200);

    const res = await put(
      cooks[2]!,
      runId,
      schedule(teamId, [step('trim', steps[0]!.scheduled_at, { done: true }), steps[1]!]),
    ).expect(200);
    expect(res.body.scheduled).toBe(5);
    for (const cook of cooks) expect(await jobSteps(cook.id, runId)).toEqual(['wrap']);
    expect((await copies(runId)).map((copy) => copy.steps)).toEqual([
      ['trim:done', 'wrap'],
      ['trim:done', 'wrap'],
      ['trim:done', 'wrap'],
    ]);

    // Snoozed (re-timed) by the owner: every member's wrap jobs move to the new time.
    const later = inMinutes(30);
    await put(
      cooks[0]!,
      runId,
      schedule(teamId, [step('trim', steps[0]!.scheduled_at, { done: true }), step('wrap', later)]),
    ).expect(200);
    for (const cook of cooks) {
      const jobs = await svc.jobsOf(cook.id, runId);
      expect(jobs).toHaveLength(5);
      expect(new Set(jobs.map((job) => job.data.dueAt))).toEqual(new Set([later]));
    }
  });

  it("a non-member's team schedule is 403 forbidden and stores nothing, for no one", async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    await put(cooks[0]!, runId, schedule(teamId, steps)).expect(200);
    const outsider = await svc.user();
    const before = await stored();

    for (const [caller, team] of [
      [outsider, teamId],
      [outsider, randomUUID()],
      [cooks[0]!, randomUUID()],
    ] as const) {
      const res = await put(caller, runId, schedule(team, [step('trim', inMinutes(5))])).expect(403);
      expect(errorBodySchema.parse(res.body)).toEqual({ error: 'forbidden', message: m.teamForbidden });
    }
    expect(await stored()).toEqual(before);
  });

  it('the sync service down (no answer, 500, nothing listening) is 503 with Retry-After and stores nothing', async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    const closedUrl = `http://127.0.0.1:${await closedPort()}`;
    const before = await stored();
    const expect503 = async (send: () => PromiseLike<request.Response>) => {
      const res = await send();
      expect(res.status, res.text).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(errorBodySchema.parse(res.body)).toEqual({
        error: 'service_unavailable',
        message: m.teamCheckUnavailable,
      });
    };
    try {
      for (const mode of ['refuse', 'error'] as const) {
        svc.syncStandIn().setMode(mode);
        await expect503(() => put(cooks[0]!, runId, schedule(teamId, steps)));
      }
    } finally {
      svc.syncStandIn().setMode('up');
    }
    const offline = svc.makeApp({ SYNC_URL: closedUrl });
    await expect503(() =>
      request(offline)
        .put(`/api/push/runs/${runId}/schedule`)
        .set(cooks[0]!.headers)
        .send(schedule(teamId, steps)),
    );
    expect(await stored()).toEqual(before);
    // Once sync answers again, the outbox's resend goes through.
    await put(cooks[0]!, runId, schedule(teamId, steps)).expect(200);
    expect(await copies(runId)).toHaveLength(3);
  });

  it("a removed member's copy and its jobs are deleted at the next PUT; a new member gets one", async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    await put(cooks[0]!, runId, schedule(teamId, steps)).expect(200);
    const newcomer = await svc.user();
    svc.syncStandIn().setMembers(teamId, [cooks[0]!, cooks[1]!, newcomer]);

    await put(cooks[1]!, runId, schedule(teamId, steps)).expect(200);
    expect((await copies(runId)).map((copy) => copy.user_id)).toEqual(
      [cooks[0]!.id, cooks[1]!.id, newcomer.id].sort((a, b) => a - b),
    );
    expect(await svc.jobsOf(cooks[2]!.id, runId)).toEqual([]);
    expect(await jobSteps(newcomer.id, runId)).toEqual(['trim', 'wrap']);

    // The removed member's PUT of the team's run is refused; their own run of that id would be theirs.
    await put(cooks[2]!, runId, schedule(teamId, steps)).expect(403);
    await put(cooks[2]!, runId, schedule(null, steps)).expect(200);
    expect((await copies(runId)).find((copy) => copy.user_id === cooks[2]!.id)?.team_id).toBeNull();
  });

  it("a member's own run with the same id, or another team's, is never overwritten by the team's PUT", async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    const mine = [step('own', inMinutes(40))];
    await put(cooks[1]!, runId, schedule(undefined, mine)).expect(200);
    const otherTeam = svc.syncStandIn().createTeam([cooks[2]!]);
    await put(cooks[2]!, runId, schedule(otherTeam, mine)).expect(200);

    await put(cooks[0]!, runId, schedule(teamId, steps)).expect(200);
    expect(await copies(runId)).toEqual([
      { user_id: cooks[0]!.id, team_id: teamId, steps: ['trim', 'wrap'] },
      { user_id: cooks[1]!.id, team_id: null, steps: ['own'] },
      { user_id: cooks[2]!.id, team_id: otherTeam, steps: ['own'] },
    ]);
    expect(await jobSteps(cooks[1]!.id, runId)).toEqual(['own']);
    // The member's own phone joins the team's run with its PUT.
    await put(cooks[1]!, runId, schedule(teamId, steps)).expect(200);
    expect(await jobSteps(cooks[1]!.id, runId)).toEqual(['trim', 'wrap']);
  });

  it('the caller at their limit of runs with alerts ahead is 409 and nothing is stored; another member at theirs is left out', async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    const app = svc.makeApp({ PUSH_MAX_SCHEDULED_RUNS_PER_USER: '1' });
    const putWithLimit = (caller: Caller, run: string, body: object) =>
      request(app).put(`/api/push/runs/${run}/schedule`).set(caller.headers).send(body);
    await putWithLimit(cooks[1]!, `own-${randomUUID()}`, schedule(null, steps)).expect(200);
    const before = await stored();

    const res = await putWithLimit(cooks[1]!, runId, schedule(teamId, steps)).expect(409);
    expect(res.body).toMatchObject({ error: 'schedule_limit_reached', details: { max_runs: 1 } });
    expect(await stored()).toEqual(before);

    await putWithLimit(cooks[0]!, runId, schedule(teamId, steps)).expect(200);
    expect((await copies(runId)).map((copy) => copy.user_id)).toEqual([cooks[0]!.id, cooks[2]!.id]);
    expect(await svc.jobsOf(cooks[1]!.id, runId)).toEqual([]);
  });
});

describe('DELETE and dismiss of a team run', () => {
  it("a dismiss with one member's token dismisses the step in every member's copy and removes all its jobs", async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    await put(cooks[0]!, runId, schedule(teamId, steps)).expect(200);
    const outsider = await svc.user();
    await put(outsider, runId, schedule(null, steps)).expect(200);

    const token = tokens.sign({
      userId: cooks[2]!.id,
      runId,
      stepId: 'trim',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await request(svc.app()).post('/api/push/dismiss').send({ token }).expect(204);
    for (const cook of cooks) expect(await jobSteps(cook.id, runId)).toEqual(['wrap']);
    expect((await copies(runId)).map((copy) => [copy.user_id, copy.steps])).toEqual([
      ...cooks.map((cook) => [cook.id, ['trim:dismissed', 'wrap']]),
      [outsider.id, ['trim', 'wrap']],
    ]);
    expect(await jobSteps(outsider.id, runId)).toEqual(['trim', 'wrap']);
  });

  it("a member's DELETE removes every copy; someone who left the team removes only their own", async () => {
    const { cooks, teamId, runId, steps } = await teamOfThree();
    await put(cooks[0]!, runId, schedule(teamId, steps)).expect(200);
    svc.syncStandIn().setMembers(teamId, [cooks[0]!, cooks[1]!]);

    // cooks[2] left: their phone drops the team's run and deletes its schedule; the others keep theirs.
    await del(cooks[2]!, runId).expect(204);
    expect((await copies(runId)).map((copy) => copy.user_id)).toEqual([cooks[0]!.id, cooks[1]!.id]);
    expect(await jobSteps(cooks[0]!.id, runId)).toEqual(['trim', 'wrap']);

    svc.syncStandIn().setMode('refuse');
    try {
      const res = await del(cooks[1]!, runId).expect(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      svc.syncStandIn().setMode('up');
    }
    expect(await copies(runId)).toHaveLength(2);

    await del(cooks[1]!, runId).expect(204);
    expect(await copies(runId)).toEqual([]);
    for (const cook of cooks) expect(await svc.jobsOf(cook.id, runId)).toEqual([]);
    // The other phones' DELETE of the ended run find nothing (the outbox takes a DELETE's 404 as done).
    await del(cooks[0]!, runId).expect(404);
  });
});

describe('a team run with a worker', () => {
  it("every member's subscriptions get the step's alert; no one else's", async () => {
    const worker = await svc.startWorker();
    try {
      const { cooks, teamId, runId } = await teamOfThree();
      const outsider = await svc.user();
      const phones = await Promise.all(cooks.map((cook) => svc.subscribe(cook, `phone-${cook.id}`)));
      const outsiderPhone = await svc.subscribe(outsider, 'outsider-phone');
      const due = new Date(Date.now() + 1_000).toISOString();
      await put(cooks[1]!, runId, schedule(teamId, [step('trim', due)])).expect(200);

      for (const [i, phone] of phones.entries()) {
        const [push] = await svc.receiver().waitForPushes(phone.endpoint);
        const payload = JSON.parse(phone.decrypt(push!.body)) as PushPayload;
        expect(payload).toMatchObject({ kind: 'step-alert', title: 'PitClock - Step trim' });
        // Each member's push carries a dismiss token of their own copy.
        const data = (payload as Extract<PushPayload, { kind: 'step-alert' }>).data;
        const verdict = tokens.verify(data.dismissToken, new Date());
        expect(verdict.ok && verdict.claims.userId).toBe(cooks[i]!.id);
      }
      expect(svc.receiver().received(outsiderPhone.endpoint)).toEqual([]);
    } finally {
      await worker.consumer.stop();
    }
  });
});
