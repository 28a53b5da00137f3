import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type RunLocks = {
  /**
   * Runs `work` while holding the run's lock, shared by every API process through Redis; waits for it up
   * to waitMs, then rejects (the caller answers 503 and the app's outbox sends the PUT again).
   */
  withRunLock: <T>(userId: number, runId: string, work: () => Promise<T>) => Promise<T>;
};

export class RunLockTimeoutError extends Error {
  constructor(waitMs: number) {
    super(`the run's lock was not free within ${waitMs} ms`);
    this.name = 'RunLockTimeoutError';
  }
}

// Deletes the lock only while it is still ours (it may have lapsed and been taken by another).
const releaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * A lock per (user, run) in Redis: SET NX with a lease (leaseMs, longer than any job change takes), polled
 * every pollMs. It holds no PostgreSQL connection while Redis work runs (a row lock would: under load the
 * pool ran dry with transactions idle while they waited on Redis).
 */
export const createRunLocks = (
  client: Redis,
  {
    leaseMs = 30_000,
    waitMs = 10_000,
    pollMs = 15,
  }: { leaseMs?: number; waitMs?: number; pollMs?: number } = {},
): RunLocks => ({
  withRunLock: async (userId, runId, work) => {
    const key = `notifier:run-lock:${userId}:${runId}`;
    const token = randomBytes(12).toString('base64url');
    const deadline = Date.now() + waitMs;
    while ((await client.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') {
      if (Date.now() >= deadline) throw new RunLockTimeoutError(waitMs);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    try {
      return await work();
    } finally {
      await client.eval(releaseScript, 1, key, token);
    }
  },
});
