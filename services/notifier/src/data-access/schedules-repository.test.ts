import { describe, expect, it } from 'vitest';
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
    const cook = svc.user();
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
    const cook = svc.user();
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

describe('run locks (Redis, shared by the API processes)', () => {
  it('runs the work of one run one at a time, and other runs at once', async () => {
    const locks = createRunLocks(svc.redis().client, { pollMs: 5 });
    const order: string[] = [];
    const work = (name: string, ms: number) => async () => {
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([
      locks.withRunLock(1, 'run-a', work('first', 60)),
      locks.withRunLock(1, 'run-a', work('second', 10)),
      locks.withRunLock(1, 'run-b', work('other run', 10)),
    ]);
    expect(results).toEqual(['first', 'second', 'other run']);
    expect(order.indexOf('second in')).toBeGreaterThan(order.indexOf('first out'));
    expect(order.indexOf('other run out')).toBeLessThan(order.indexOf('first out'));
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
    let release: () => void = () => {};
    const held = locks.withRunLock(3, 'run-d', () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(locks.withRunLock(3, 'run-d', async () => 'late')).rejects.toBeInstanceOf(
      RunLockTimeoutError,
    );
    await new Promise((resolve) => setTimeout(resolve, 250)); // the lease lapsed (a process died holding it)
    expect(await locks.withRunLock(3, 'run-d', async () => 'after the lease')).toBe('after the lease');
    release();
    await held; // releasing a lapsed lock does not delete the new holder's
  });
});
