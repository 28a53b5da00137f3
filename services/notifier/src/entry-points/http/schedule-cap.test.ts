import { PUSH_OVERDUE_WINDOW_MS } from '@pitclock/contracts/push';
import { PUSH_MESSAGES as m } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNotifierService, type Caller } from '../../test-support/harness';

// What one user keeps in Redis is bounded: at most PUSH_MAX_SCHEDULED_RUNS_PER_USER (20) runs with alerts
// ahead (a step neither done nor dismissed whose alert window has not ended), each of at most 500 steps.
// Six PUTs of 500 steps used to add 15,000 delayed jobs (16.7 MB) and nothing stopped the seventh.

const svc = useNotifierService();
const MAX_RUNS = 20;

let now: Date;
beforeEach(() => {
  now = new Date(Math.floor(Date.now() / 1000) * 1000);
  svc.clock.freeze(now);
});

const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
const step = (id: string, offsetMs: number, more: { done?: boolean; dismissed?: boolean } = {}) => ({
  id,
  name: `Step ${id}`,
  scheduled_at: at(offsetMs),
  done: false,
  dismissed: false,
  ...more,
});
const schedule = (steps: ReturnType<typeof step>[]) => ({
  contest_id: 'contest-1',
  contest_name: 'Cap Smoke-off',
  steps,
});
const put = (who: Caller, runId: string, steps: ReturnType<typeof step>[], app = svc.app()) =>
  request(app).put(`/api/push/runs/${runId}/schedule`).set(who.headers).send(schedule(steps));
const ahead = () => [step('a', 3_600_000)];

/** A user with `n` runs with alerts ahead, run-0 .. run-(n-1). */
const userWithRuns = async (n: number) => {
  const cook = await svc.user();
  for (let i = 0; i < n; i += 1) await put(cook, `run-${i}`, ahead()).expect(200);
  return cook;
};

/** What the user has stored and queued. */
const storedOf = async (who: Caller) => ({
  schedules: await svc.count('push_schedules', 'user_id = $1', [who.id]),
  steps: await svc.count('push_schedule_steps', 'user_id = $1', [who.id]),
  jobs: (await svc.queue().getJobs(['delayed', 'waiting'])).filter(
    (job) => job !== null && 'userId' in job.data && job.data.userId === who.id,
  ).length,
});

const expectRefused = async (res: request.Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(errorBodySchema.parse(res.body)).toEqual({
    error: 'schedule_limit_reached',
    message: m.scheduleLimitReached,
    details: { max_runs: MAX_RUNS },
  });
};

describe('at most PUSH_MAX_SCHEDULED_RUNS_PER_USER runs with alerts ahead per user', () => {
  it('the 21st run with alerts ahead answers 409 schedule_limit_reached, storing nothing and adding no job', async () => {
    const cook = await userWithRuns(MAX_RUNS);
    const before = await storedOf(cook);
    expect(before).toEqual({ schedules: MAX_RUNS, steps: MAX_RUNS, jobs: MAX_RUNS * 5 });
    await expectRefused(await put(cook, 'run-extra', ahead()));
    expect(await storedOf(cook)).toEqual(before);
  });

  it('replacing one of them is always allowed, with up to 500 steps', async () => {
    const cook = await userWithRuns(MAX_RUNS);
    const steps = Array.from({ length: 500 }, (_, i) => step(`s${i}`, 3_600_000 + i * 1_000));
    const res = await put(cook, 'run-3', steps);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scheduled).toBe(2_500);
  });

  it('another user is not affected', async () => {
    await userWithRuns(MAX_RUNS);
    await put(await svc.user(), 'run-extra', ahead()).expect(200);
  });

  it('a run without alerts ahead (past its window, done or dismissed) does not count and is always stored', async () => {
    const cook = await userWithRuns(MAX_RUNS);
    const past = step('p', -PUSH_OVERDUE_WINDOW_MS - 1_000);
    await put(cook, 'run-past', [past]).expect(200);
    await put(cook, 'run-done', [step('d', 3_600_000, { done: true })]).expect(200);
    await put(cook, 'run-dismissed', [step('x', 3_600_000, { dismissed: true })]).expect(200);
    await put(cook, 'run-empty', []).expect(200);
    // Giving one of them alerts ahead makes it count: refused.
    await expectRefused(await put(cook, 'run-past', ahead()));
    expect(
      await svc.count('push_schedule_steps', 'user_id = $1 and run_id = $2', [cook.id, 'run-past']),
    ).toBe(1);
  });

  it('a place is freed by a run whose steps are done, by a deleted run, and by time passing', async () => {
    const cook = await userWithRuns(MAX_RUNS);
    await put(cook, 'run-0', [step('a', 3_600_000, { done: true })]).expect(200);
    await put(cook, 'run-new-1', ahead()).expect(200);
    await expectRefused(await put(cook, 'run-new-2', ahead()));
    await request(svc.app()).delete('/api/push/runs/run-1/schedule').set(cook.headers).expect(204);
    await put(cook, 'run-new-2', ahead()).expect(200);
    await expectRefused(await put(cook, 'run-new-3', ahead()));
    // An hour and its alert window later, every step of those runs is past: none counts any more.
    svc.clock.advance(3_600_000 + PUSH_OVERDUE_WINDOW_MS);
    await put(cook, 'run-new-3', ahead()).expect(200);
  });

  it('30 concurrent PUTs of new runs by a user with 18: exactly 2 are stored, the others refused with nothing stored', async () => {
    await svc.warmPool();
    const cook = await userWithRuns(MAX_RUNS - 2);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => put(cook, `race-${i}`, ahead())));
    expect(results.filter((res) => res.status === 200)).toHaveLength(2);
    const refused = results.filter((res) => res.status !== 200);
    expect(refused).toHaveLength(28);
    for (const res of refused) await expectRefused(res);
    expect(await storedOf(cook)).toEqual({ schedules: MAX_RUNS, steps: MAX_RUNS, jobs: MAX_RUNS * 5 });
  });

  it('runs without alerts ahead, which any number of PUTs may store, leave no key in Redis', async () => {
    const cook = await userWithRuns(1);
    const keysOf = async () =>
      (await svc.redis().client.keys(`${svc.redisPrefix().prefix}notifier:*:${cook.id}:*`)).length;
    const before = await keysOf();
    for (let i = 0; i < 30; i += 1) {
      await put(cook, `empty-${i}`, []).expect(200);
      await put(cook, `done-${i}`, [step('d', 3_600_000, { done: true })]).expect(200);
    }
    // The run that had alerts ahead, all done now: its jobs and its plan mark are gone.
    await put(cook, 'run-0', [step('a', 3_600_000, { done: true })]).expect(200);
    expect(await keysOf()).toBe(before - 1);
    expect((await storedOf(cook)).jobs).toBe(0);
    // Given alerts ahead again, its whole plan is queued.
    expect((await put(cook, 'run-0', ahead()).expect(200)).body.scheduled).toBe(5);
    expect((await storedOf(cook)).jobs).toBe(5);
  });

  it('the limit is the PUSH_MAX_SCHEDULED_RUNS_PER_USER setting', async () => {
    const app = svc.makeApp({ PUSH_MAX_SCHEDULED_RUNS_PER_USER: '2' });
    const cook = await svc.user();
    await put(cook, 'one', ahead(), app).expect(200);
    await put(cook, 'two', ahead(), app).expect(200);
    const res = await put(cook, 'three', ahead(), app);
    expect(res.status).toBe(409);
    expect(res.body.details).toEqual({ max_runs: 2 });
  });
});
