import { createLogger } from '@pitclock/kit';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueuePlanMarker, createSchedulesRepository, createStepAlertJobs } from '../data-access';
import { useNotifierService, type Caller } from '../test-support/harness';
import { replanQueue } from '../application/queue-plan';
import { scheduleQueuePlanChecks } from './queue-plan';

// No worker runs here: the jobs stay in the queue to be looked at.
const svc = useNotifierService();
const logger = createLogger({ name: 'queue-plan-test', level: 'silent' });

let now: Date;
beforeEach(() => {
  now = new Date(Math.floor(Date.now() / 1000) * 1000);
  svc.clock.freeze(now);
});

const check = () =>
  replanQueue({
    marker: createQueuePlanMarker(svc.redis().client),
    schedules: createSchedulesRepository(svc.database().db),
    jobs: createStepAlertJobs(svc.queue(), { attempts: 5, clock: svc.clock.now }),
    clock: svc.clock.now,
    logger,
  });

const step = (id: string, offsetMs: number, more: Record<string, unknown> = {}) => ({
  id,
  name: `Step ${id}`,
  scheduled_at: new Date(now.getTime() + offsetMs).toISOString(),
  done: false,
  dismissed: false,
  ...more,
});
const put = (caller: Caller, runId: string, steps: ReturnType<typeof step>[]) =>
  request(svc.app())
    .put(`/api/push/runs/${runId}/schedule`)
    .set(caller.headers)
    .send({ contest_id: 'c-1', contest_name: 'Smoke-off', time_zone: 'UTC', steps })
    .expect(200);

const jobSummary = async (userId: number, runId: string) =>
  (await svc.jobsOf(userId, runId)).map((job) => `${job.data.stepId}/${job.data.stageIndex}`).sort();

/** What a Redis that lost its data holds: none of the queue's jobs. */
const loseTheQueue = async () => {
  await svc.queue().obliterate({ force: true });
};

describe('planning the queue again from the stored schedules', () => {
  it('plans every pending step once the Redis server is not the one the queue was planned on', async () => {
    const [cook, pitmaster] = [await svc.user(), await svc.user()];
    await put(cook, 'run-a', [step('trim', 60_000), step('wrap', 120_000, { done: true })]);
    await put(pitmaster, 'run-b', [step('inject', -30_000), step('gone', -301_000)]);
    const before = [await jobSummary(cook.id, 'run-a'), await jobSummary(pitmaster.id, 'run-b')];
    await loseTheQueue();
    await svc.redis().client.set('notifier:queue-planned-on', 'a-redis-that-is-gone');

    const outcome = await check();

    expect(outcome).toEqual({ outcome: 'planned', runs: 2, jobs: 10 });
    // The same plan as the PUTs made: trim's 5 stages, inject's due-now at once and its 4 reminders.
    expect([await jobSummary(cook.id, 'run-a'), await jobSummary(pitmaster.id, 'run-b')]).toEqual(before);
    const [inject] = (await svc.jobsOf(pitmaster.id, 'run-b', ['waiting'])).map((job) => job.data.stepId);
    expect(inject).toBe('inject');
  });

  it('changes nothing while the queue was planned on this Redis server', async () => {
    const cook = await svc.user();
    expect((await check()).outcome).toMatch(/planned|current/);
    await put(cook, 'run-current', [step('trim', 60_000)]);
    await loseTheQueue();
    expect(await check()).toEqual({ outcome: 'current' });
    expect(await jobSummary(cook.id, 'run-current')).toEqual([]);
  });

  it('plans on a Redis without the marker (new or wiped), keeping the jobs that exist', async () => {
    const cook = await svc.user();
    await put(cook, 'run-kept', [step('trim', 60_000)]);
    const [kept] = await svc.jobsOf(cook.id, 'run-kept');
    await svc.redis().client.del('notifier:queue-planned-on');
    expect((await check()).outcome).toBe('planned');
    const again = await svc.jobsOf(cook.id, 'run-kept');
    expect(again).toHaveLength(5);
    expect(again.find((job) => job.id === kept!.id)!.timestamp).toBe(kept!.timestamp);
  });

  it('lets one process plan at a time', async () => {
    await svc.redis().client.del('notifier:queue-planned-on');
    const outcomes = await Promise.all([check(), check()]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['busy', 'planned']);
  });

  it('checks at once and again every interval, and a failing check is retried', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let calls = 0;
      const checks = scheduleQueuePlanChecks(
        async () => {
          calls += 1;
          if (calls === 1) throw new Error('Redis is restarting');
        },
        { intervalMs: 20, logger },
      );
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(19);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(20);
      expect(calls).toBe(3);
      await checks.stop();
      // Stopped: no check is scheduled any more, however long the wait.
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
