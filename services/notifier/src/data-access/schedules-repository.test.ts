import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { useNotifierService } from '../test-support/harness';
import { createRunLocks, RunLockTimeoutError } from './run-locks';
import { createSchedulesRepository, type RunsLimit, type StoredStep } from './schedules-repository';

const svc = useNotifierService();
const repository = () => createSchedulesRepository(svc.database().db);

const step = (id: string, more: Partial<StoredStep> = {}): StoredStep => ({
  id,
  name: `Step ${id}`,
  templateName: null,
  scheduledAt: new Date('2026-03-01T12:00:00.000Z'),
  done: false,
  dismissed: false,
  ...more,
});
/** The runs limit of a replace that has no alerts ahead (the limit is proven in schedule-cap.test.ts). */
const noAlertsAhead: RunsLimit = { maxRuns: 20, hasAlertsAhead: false, alertsAheadAfter: new Date() };

const schedule = (userId: number, runId: string, steps: StoredStep[]) => ({
  userId,
  runId,
  contestId: 'c-1',
  contestName: 'Smoke-off',
  timeZone: null,
  steps,
});

describe('schedules repository: currentSteps', () => {
  it('reads the steps as committed, in order; none for a run that is gone', async () => {
    const cook = await svc.user();
    const previous = await repository().replace(
      schedule(cook.id, 'run-1', [step('b'), step('a', { done: true })]),
      noAlertsAhead,
    );
    expect(previous).toEqual([]);
    expect((await repository().currentSteps(cook.id, 'run-1')).map((s) => [s.id, s.done])).toEqual([
      ['b', false],
      ['a', true],
    ]);
    expect(await repository().currentSteps(cook.id, 'run-none')).toEqual([]);
  });
});

describe('schedules repository: replace', () => {
  it('stores the new steps in order and answers the steps as they were, every field intact', async () => {
    const cook = await svc.user();
    const first = [
      step('b', { templateName: 'Brisket', scheduledAt: new Date('2026-03-01T12:34:56.789Z') }),
      step('a', { done: true }),
      step('c', { dismissed: true, name: 'Mop \'n\' spritz, "twice"' }),
    ];
    const replace = (steps: StoredStep[]) =>
      repository().replace(schedule(cook.id, 'run-r', steps), noAlertsAhead);
    expect(await replace(first)).toEqual([]);
    expect(await replace([step('d')])).toEqual(first);
    expect(await replace([])).toEqual([step('d')]);
    expect(await repository().currentSteps(cook.id, 'run-r')).toEqual([]);
    expect(await svc.count('push_schedules', 'user_id = $1', [cook.id])).toBe(1);
  });
});

/** The real Redis client, counting the lock attempts it refused (SET NX that did not set). */
const countingRefusals = (client: Redis) => {
  let refused = 0;
  const set = client.set.bind(client) as (...args: unknown[]) => Promise<string | null>;
  const counting = {
    set: async (...args: unknown[]) => {
      const reply = await set(...args);
      if (reply !== 'OK') refused += 1;
      return reply;
    },
    eval: client.eval.bind(client),
  } as unknown as Redis;
  return { client: counting, refused: () => refused };
};

/** Work that runs until the test releases it. */
const heldWork = () => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
};

describe('run locks (Redis, shared by the API processes)', () => {
  it('runs the work of one run one at a time, and other runs at once', async () => {
    const redis = countingRefusals(svc.redis().client);
    const locks = createRunLocks(redis.client, { pollMs: 5 });
    const order: string[] = [];
    const firstHeld = heldWork();
    const work = (name: string, until?: Promise<void>) => async () => {
      order.push(`${name} in`);
      await until;
      order.push(`${name} out`);
      return name;
    };
    const first = locks.withRunLock(1, 'run-a', work('first', firstHeld.released));
    const second = locks.withRunLock(1, 'run-a', work('second'));
    // Another run's work runs to its end while the first still holds run-a.
    expect(await locks.withRunLock(1, 'run-b', work('other run'))).toBe('other run');
    // The second has been refused run-a's lock at least once while the first holds it.
    await vi.waitFor(() => expect(redis.refused()).toBeGreaterThan(0), { timeout: 10_000 });
    expect(order).toEqual(['first in', 'other run in', 'other run out']);
    firstHeld.release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(order.slice(3)).toEqual(['first out', 'second in', 'second out']);
  });

  it('releases the lock when the work fails', async () => {
    const locks = createRunLocks(svc.redis().client, { pollMs: 5, waitMs: 500 });
    await expect(
      locks.withRunLock(2, 'run-c', async () => {
        throw new Error('Redis hiccup');
      }),
    ).rejects.toThrow('Redis hiccup');
    expect(await locks.withRunLock(2, 'run-c', async () => 'free')).toBe('free');
  });

  it('gives up after waitMs while another holds the run, and a lapsed lease frees it', async () => {
    const locks = createRunLocks(svc.redis().client, { pollMs: 5, waitMs: 50, leaseMs: 200 });
    const holder = heldWork();
    let entered: () => void = () => {};
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const held = locks.withRunLock(3, 'run-d', async () => {
      entered();
      await holder.released;
    });
    await holding;
    await expect(locks.withRunLock(3, 'run-d', async () => 'late')).rejects.toBeInstanceOf(
      RunLockTimeoutError,
    );
    // The holder never releases (a process died holding it): once its lease lapses, another gets the lock.
    const afterTheLease = await vi.waitFor(
      () => locks.withRunLock(3, 'run-d', async () => 'after the lease'),
      {
        timeout: 10_000,
        interval: 20,
      },
    );
    expect(afterTheLease).toBe('after the lease');
    holder.release();
    await held; // releasing a lapsed lock does not delete the new holder's
  });
});
