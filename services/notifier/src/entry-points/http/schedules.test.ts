import { PUSH_OVERDUE_REMINDER_OFFSETS_MS } from '@pitclock/contracts/push';
import { PUSH_MESSAGES as m } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRunLocks, pushRetryBackoff } from '../../data-access';
import { stepAlertJobId } from '../../domain/job-plan';
import { useNotifierService, type Caller } from '../../test-support/harness';

const svc = useNotifierService({ config: { PUSH_JOB_ATTEMPTS: '4' } });

// No worker runs in this file: the jobs stay in the queue to be looked at. The API's clock is frozen so
// that each job's delay is exact.
let now: Date;
beforeEach(() => {
  now = new Date(Math.floor(Date.now() / 1000) * 1000);
  svc.clock.freeze(now);
});

const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
type StepBody = {
  id: string;
  name: string;
  scheduled_at: string;
  done: boolean;
  dismissed: boolean;
  template_name?: string | null;
};
const step = (id: string, offsetMs: number, more: Partial<StepBody> = {}): StepBody => ({
  id,
  name: `Step ${id}`,
  scheduled_at: at(offsetMs),
  done: false,
  dismissed: false,
  template_name: 'Brisket',
  ...more,
});
const schedule = (steps: StepBody[], more: Record<string, unknown> = {}) => ({
  contest_id: 'contest-1',
  contest_name: 'Lone Star Smoke-off',
  time_zone: 'America/Chicago',
  steps,
  ...more,
});
const put = (caller: Caller, runId: string, body: unknown) =>
  request(svc.app())
    .put(`/api/push/runs/${encodeURIComponent(runId)}/schedule`)
    .set(caller.headers)
    .send(body as object);

const offsets = [0, ...PUSH_OVERDUE_REMINDER_OFFSETS_MS];
const idsOf = (userId: number, runId: string, stepId: string, dueOffsetMs: number) =>
  offsets.map((_, stageIndex) =>
    stepAlertJobId({ userId, runId, stepId, stageIndex, dueAtMs: now.getTime() + dueOffsetMs }),
  );
const jobIds = async (userId: number, runId: string) =>
  (await svc.jobsOf(userId, runId)).map((job) => String(job.id)).sort();

describe('PUT /api/push/runs/{runId}/schedule', () => {
  it('stores the schedule and keeps due-now and 4 reminder jobs per pending step at the right delays', async () => {
    const cook = await svc.user();
    const steps = [
      step('trim', 600_000),
      step('wrap', 1_200_000, { template_name: null }),
      step('rest', 300_000, { done: true }),
      step('slice', 900_000, { dismissed: true }),
    ];
    const res = await put(cook, 'run-1', schedule(steps)).expect(200);
    expect(res.body).toEqual({ run_id: 'run-1', scheduled: 10 });

    expect(
      await svc.query('select contest_id, contest_name, time_zone from push_schedules where user_id = $1', [
        cook.id,
      ]),
    ).toEqual([
      { contest_id: 'contest-1', contest_name: 'Lone Star Smoke-off', time_zone: 'America/Chicago' },
    ]);
    const stored = await svc.query(
      'select step_id, position, name, template_name, scheduled_at, done, dismissed from push_schedule_steps where user_id = $1 order by position',
      [cook.id],
    );
    expect(stored).toEqual(
      steps.map((s, position) => ({
        step_id: s.id,
        position,
        name: s.name,
        template_name: s.template_name,
        scheduled_at: new Date(s.scheduled_at),
        done: s.done,
        dismissed: s.dismissed,
      })),
    );

    const jobs = await svc.jobsOf(cook.id, 'run-1');
    expect(jobs.map((job) => String(job.id)).sort()).toEqual(
      [...idsOf(cook.id, 'run-1', 'trim', 600_000), ...idsOf(cook.id, 'run-1', 'wrap', 1_200_000)].sort(),
    );
    const trim = jobs
      .filter((job) => job.data.stepId === 'trim')
      .sort((a, b) => a.data.stageIndex - b.data.stageIndex);
    expect(trim.map((job) => [job.name, job.data.stageIndex, job.data.stage, job.opts.delay])).toEqual(
      offsets.map((offset, i) => ['step-alert', i, i === 0 ? 'due-now' : 'overdue', 600_000 + offset]),
    );
    expect(trim[0]!.data).toEqual({
      userId: cook.id,
      runId: 'run-1',
      stepId: 'trim',
      stageIndex: 0,
      stage: 'due-now',
      dueAt: at(600_000),
    });
    expect(trim[0]!.opts).toMatchObject({ attempts: 4, backoff: { type: pushRetryBackoff } });
  });

  it('the same schedule again changes nothing: the same job ids, no new jobs', async () => {
    const cook = await svc.user();
    const body = schedule([step('a', 60_000), step('b', 120_000)]);
    await put(cook, 'run-same', body).expect(200);
    const first = await svc.jobsOf(cook.id, 'run-same');
    svc.clock.advance(1_000);
    const again = await put(cook, 'run-same', body).expect(200);
    expect(again.body.scheduled).toBe(10);
    const second = await svc.jobsOf(cook.id, 'run-same');
    const key = (jobs: typeof first) => jobs.map((job) => `${job.id}@${job.timestamp}`).sort();
    expect(key(second)).toEqual(key(first));
    expect(await svc.count('push_schedule_steps', 'user_id = $1', [cook.id])).toBe(2);
  });

  it('puts every delayed job on the 20 ms grid, never before its time', async () => {
    const cook = await svc.user();
    svc.clock.freeze(new Date(now.getTime() + 7));
    await put(cook, 'run-grid', schedule([step('a', 60_003)])).expect(200);
    const jobs = await svc.jobsOf(cook.id, 'run-grid');
    expect(jobs).toHaveLength(5);
    for (const job of jobs) {
      const firesAt = job.timestamp + job.opts.delay!;
      const wanted = Date.parse(job.data.dueAt) + offsets[job.data.stageIndex]!;
      expect(firesAt % 20).toBe(0);
      expect(firesAt - wanted).toBeGreaterThanOrEqual(0);
      expect(firesAt - wanted).toBeLessThan(20);
    }
  });

  it('a changed time moves the jobs of that step: the old ones are removed, new ones added', async () => {
    const cook = await svc.user();
    await put(cook, 'run-move', schedule([step('a', 60_000), step('b', 120_000)])).expect(200);
    await put(cook, 'run-move', schedule([step('a', 60_000), step('b', 600_000)])).expect(200);
    expect(await jobIds(cook.id, 'run-move')).toEqual(
      [...idsOf(cook.id, 'run-move', 'a', 60_000), ...idsOf(cook.id, 'run-move', 'b', 600_000)].sort(),
    );
    const moved = (await svc.jobsOf(cook.id, 'run-move')).find(
      (job) => job.data.stepId === 'b' && job.data.stageIndex === 0,
    );
    expect(moved!.opts.delay).toBe(600_000);
  });

  it('a step marked done or dismissed, or left out, loses its jobs', async () => {
    const cook = await svc.user();
    await put(
      cook,
      'run-done',
      schedule([step('a', 60_000), step('b', 120_000), step('c', 180_000), step('d', 240_000)]),
    ).expect(200);
    const res = await put(
      cook,
      'run-done',
      schedule([
        step('a', 60_000),
        step('b', 120_000, { done: true }),
        step('c', 180_000, { dismissed: true }),
      ]),
    ).expect(200);
    expect(res.body.scheduled).toBe(5);
    expect(await jobIds(cook.id, 'run-done')).toEqual(idsOf(cook.id, 'run-done', 'a', 60_000).sort());
  });

  it('a due-now in the past within the window is queued to go at once; a step past the window gets nothing', async () => {
    const cook = await svc.user();
    const res = await put(cook, 'run-late', schedule([step('late', -30_000), step('gone', -301_000)])).expect(
      200,
    );
    expect(res.body.scheduled).toBe(5);
    const jobs = await svc.jobsOf(cook.id, 'run-late', ['waiting']);
    expect(jobs.map((job) => [job.data.stepId, job.data.stageIndex, job.opts.delay ?? 0])).toEqual([
      ['late', 0, 0],
    ]);
    expect(await svc.jobsOf(cook.id, 'run-late', ['delayed'])).toHaveLength(4);
  });

  it("two users with the same run id never touch each other's schedule or jobs", async () => {
    const [first, second] = [await svc.user(), await svc.user()];
    await put(first, 'shared-run', schedule([step('a', 60_000)])).expect(200);
    await put(second, 'shared-run', schedule([step('a', 60_000)], { contest_name: 'Other' })).expect(200);
    await put(second, 'shared-run', schedule([step('a', 60_000, { done: true })])).expect(200);
    expect(await jobIds(first.id, 'shared-run')).toEqual(idsOf(first.id, 'shared-run', 'a', 60_000).sort());
    expect(await jobIds(second.id, 'shared-run')).toEqual([]);
    expect(await svc.query('select done from push_schedule_steps where user_id = $1', [first.id])).toEqual([
      { done: false },
    ]);
    await request(svc.app()).delete('/api/push/runs/shared-run/schedule').set(second.headers).expect(204);
    expect(await jobIds(first.id, 'shared-run')).toHaveLength(5);
    expect(await svc.count('push_schedules', 'user_id = $1', [first.id])).toBe(1);
  });

  it('concurrent PUTs of one run are serialised: the jobs left are exactly those of the schedule stored last', async () => {
    const cook = await svc.user();
    const times = Array.from({ length: 16 }, (_, i) => 60_000 * (i + 1));
    await svc.warmPool();
    const results = await Promise.all(
      times.map((time) => put(cook, 'run-race', schedule([step('a', time), step('b', time * 2)]))),
    );
    expect(results.map((res) => res.status)).toEqual(times.map(() => 200));
    const [stored] = await svc.query<{ scheduled_at: Date }>(
      `select scheduled_at from push_schedule_steps where user_id = $1 and step_id = 'a'`,
      [cook.id],
    );
    const last = stored!.scheduled_at.getTime() - now.getTime();
    expect(await jobIds(cook.id, 'run-race')).toEqual(
      [...idsOf(cook.id, 'run-race', 'a', last), ...idsOf(cook.id, 'run-race', 'b', last * 2)].sort(),
    );
  });

  it("a step done adds no job when the run's jobs are all queued; when Redis lost that mark the whole plan is added again", async () => {
    const cook = await svc.user();
    await put(cook, 'run-mark', schedule([step('a', 60_000), step('b', 120_000)])).expect(200);
    // A queued job of 'b' goes missing while the mark says the plan is complete: a done PUT trusts the mark.
    const [lost] = (await svc.jobsOf(cook.id, 'run-mark')).filter((job) => job.data.stepId === 'b');
    await lost!.remove();
    const done = await put(
      cook,
      'run-mark',
      schedule([step('a', 60_000, { done: true }), step('b', 120_000)]),
    );
    expect(done.body).toEqual({ run_id: 'run-mark', scheduled: 5 });
    expect(await jobIds(cook.id, 'run-mark')).toHaveLength(4);

    // Without the mark (a wiped Redis), the next PUT adds every job of the plan.
    await svc.redis().client.del(`notifier:run-planned:${cook.id}:run-mark`);
    await put(cook, 'run-mark', schedule([step('a', 60_000, { done: true }), step('b', 120_000)])).expect(
      200,
    );
    expect(await jobIds(cook.id, 'run-mark')).toEqual(idsOf(cook.id, 'run-mark', 'b', 120_000).sort());
  });

  it('a PUT answered 503 while the run is locked, sent again, plans every job of its steps', async () => {
    const cook = await svc.user();
    await put(cook, 'run-busy', schedule([step('a', 60_000)])).expect(200);
    let release = () => {};
    const held = createRunLocks(svc.redis().client).withRunLock(
      cook.id,
      'run-busy',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const busy = await put(cook, 'run-busy', schedule([step('a', 60_000), step('b', 120_000)]));
    expect(busy.status).toBe(503);
    expect(errorBodySchema.parse(busy.body)).toEqual({
      error: 'service_unavailable',
      message: m.scheduleBusy,
    });
    expect(await jobIds(cook.id, 'run-busy')).toEqual(idsOf(cook.id, 'run-busy', 'a', 60_000).sort());
    release();
    await held;

    await put(cook, 'run-busy', schedule([step('a', 60_000), step('b', 120_000)])).expect(200);
    expect(await jobIds(cook.id, 'run-busy')).toEqual(
      [...idsOf(cook.id, 'run-busy', 'a', 60_000), ...idsOf(cook.id, 'run-busy', 'b', 120_000)].sort(),
    );
  }, 30_000);

  it('takes the largest schedule: 500 steps with the longest names and ids', async () => {
    const cook = await svc.user();
    const steps = Array.from({ length: 500 }, (_, i) =>
      step(`${i}-${'s'.repeat(95)}`, 600_000 + i * 1_000, {
        name: 'N'.repeat(200),
        template_name: 'T'.repeat(200),
      }),
    );
    const res = await put(cook, 'r'.repeat(100), schedule(steps, { contest_name: 'C'.repeat(200) })).expect(
      200,
    );
    expect(res.body.scheduled).toBe(2_500);
    expect(await svc.jobsOf(cook.id, 'r'.repeat(100))).toHaveLength(2_500);
    expect(await svc.count('push_schedule_steps', 'user_id = $1', [cook.id])).toBe(500);
  });

  it('time_zone is optional and stored as null', async () => {
    const cook = await svc.user();
    const { time_zone: _zone, ...withoutZone } = schedule([step('a', 60_000)]);
    await put(cook, 'run-utc', withoutZone).expect(200);
    expect(await svc.query('select time_zone from push_schedules where user_id = $1', [cook.id])).toEqual([
      { time_zone: null },
    ]);
  });

  it("stores the device's locale; absent (older apps) it is stored as null", async () => {
    const cook = await svc.user();
    await put(cook, 'run-us', schedule([step('a', 60_000)], { locale: 'en-US' })).expect(200);
    await put(cook, 'run-old', schedule([step('a', 60_000)])).expect(200);
    expect(
      await svc.query('select run_id, locale from push_schedules where user_id = $1 order by run_id', [
        cook.id,
      ]),
    ).toEqual([
      { run_id: 'run-old', locale: null },
      { run_id: 'run-us', locale: 'en-US' },
    ]);
    // The PUT replaces the whole schedule: a locale sent once and then not any more is cleared.
    await put(cook, 'run-us', schedule([step('a', 60_000)])).expect(200);
    expect(
      await svc.query('select locale from push_schedules where user_id = $1 and run_id = $2', [
        cook.id,
        'run-us',
      ]),
    ).toEqual([{ locale: null }]);
  });

  it('refuses a locale that is not a BCP 47 tag of at most 35 characters with 400, storing nothing', async () => {
    const cook = await svc.user();
    await put(cook, 'run-kept', schedule([step('a', 60_000)], { locale: 'en-GB' })).expect(200);
    const before = await svc.counts();
    const jobsBefore = await svc.queue().getJobCountByTypes(['delayed', 'waiting']);
    const bad = ['', 'en_US', 'en-US-u', 'not a locale', `en-${'a'.repeat(40)}`, '<b>en</b>', 42, null];
    for (const locale of bad) {
      for (const runId of ['run-new', 'run-kept']) {
        const res = await put(cook, runId, schedule([step('b', 120_000)], { locale }));
        expect(res.status, `${JSON.stringify(locale)}: ${JSON.stringify(res.body)}`).toBe(400);
        // One issue per bad locale (a too long one is not also called no language tag).
        expect(errorBodySchema.parse(res.body)).toMatchObject({
          error: 'validation_failed',
          details: { issues: [expect.objectContaining({ path: 'locale' })] },
        });
      }
    }
    expect(await svc.counts()).toEqual(before);
    expect(await svc.queue().getJobCountByTypes(['delayed', 'waiting'])).toBe(jobsBefore);
    expect(
      await svc.query('select run_id, locale from push_schedules where user_id = $1', [cook.id]),
    ).toEqual([{ run_id: 'run-kept', locale: 'en-GB' }]);
  });

  it('refuses a bad run id, missing or invalid fields and bad JSON with 400, storing nothing and adding no job', async () => {
    const cook = await svc.user();
    const before = await svc.counts();
    const jobsBefore = await svc.queue().getJobCountByTypes(['delayed', 'waiting']);
    const badRunId = await put(cook, 'bad id!', schedule([step('a', 60_000)]));
    expect(badRunId.status).toBe(400);
    expect(errorBodySchema.parse(badRunId.body)).toMatchObject({
      error: 'validation_failed',
      message: m.runIdInvalid,
    });
    expect((await put(cook, 'x'.repeat(101), schedule([]))).status).toBe(400);

    const good = step('a', 60_000);
    const bodies: unknown[] = [
      {},
      schedule([good], { contest_id: undefined }),
      schedule([good], { contest_name: '  ' }),
      schedule([good], { time_zone: 'Mars/Olympus' }),
      schedule([good, { ...good }]),
      schedule([{ ...good, scheduled_at: 'tomorrow' }]),
      schedule([{ ...good, done: 'no' } as unknown as StepBody]),
      schedule([{ ...good, id: 'has space' }]),
      schedule([{ ...good, name: '' }]),
      schedule(Array.from({ length: 501 }, (_, i) => step(`s${i}`, 60_000))),
      schedule('steps' as unknown as StepBody[]),
    ];
    for (const body of bodies) {
      const res = await put(cook, 'run-bad', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
    }
    const badJson = await request(svc.app())
      .put('/api/push/runs/run-bad/schedule')
      .set(cook.headers)
      .set('Content-Type', 'application/json')
      .send('{"steps": [');
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toBe('invalid_json');
    expect(await svc.counts()).toEqual(before);
    expect(await svc.queue().getJobCountByTypes(['delayed', 'waiting'])).toBe(jobsBefore);
  });

  it('a step time PostgreSQL cannot store (year 0, past 9999 with its offset) answers 400, not 500, storing nothing', async () => {
    const cook = await svc.user();
    const before = await svc.counts();
    const jobsBefore = await svc.queue().getJobCountByTypes(['delayed', 'waiting']);
    for (const scheduledAt of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59']) {
      const res = await put(cook, 'run-far', schedule([{ ...step('a', 60_000), scheduled_at: scheduledAt }]));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
    }
    expect(await svc.counts()).toEqual(before);
    expect(await svc.queue().getJobCountByTypes(['delayed', 'waiting'])).toBe(jobsBefore);
  });
});

describe('DELETE /api/push/runs/{runId}/schedule', () => {
  it('removes the schedule, its steps and all its jobs (204); without a schedule it is 404', async () => {
    const cook = await svc.user();
    await put(cook, 'run-del', schedule([step('a', 60_000), step('b', 120_000)])).expect(200);
    expect(await jobIds(cook.id, 'run-del')).toHaveLength(10);
    const res = await request(svc.app())
      .delete('/api/push/runs/run-del/schedule')
      .set(cook.headers)
      .expect(204);
    expect(res.text).toBe('');
    expect(await jobIds(cook.id, 'run-del')).toEqual([]);
    expect(await svc.count('push_schedules', 'user_id = $1', [cook.id])).toBe(0);
    expect(await svc.count('push_schedule_steps', 'user_id = $1', [cook.id])).toBe(0);
    const again = await request(svc.app())
      .delete('/api/push/runs/run-del/schedule')
      .set(cook.headers)
      .expect(404);
    expect(errorBodySchema.parse(again.body)).toEqual({ error: 'not_found', message: m.scheduleNotFound });
    const badId = await request(svc.app())
      .delete('/api/push/runs/bad%20id/schedule')
      .set(cook.headers)
      .expect(400);
    expect(badId.body.message).toBe(m.runIdInvalid);
  });
});
