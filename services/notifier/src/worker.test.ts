import { createDatabase, createLogger, createRedis, type Database, type RedisHandle } from '@pitclock/kit';
import {
  closedPort,
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestRedisPrefix,
} from '@pitclock/kit/testing';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bullPrefix,
  createHeartbeatStore,
  createNotificationsQueue,
  enqueueHeartbeat,
  readEvictionPolicy,
  type NotificationsQueue,
} from './data-access';
import { consume } from './entry-points/worker/consume';
import { testWorkerConfig } from './test-support/harness';
import { createWorker } from './worker-app';

const logger = createLogger({ name: 'notifier-worker-test', level: 'silent' });
const fixedNow = new Date('2025-06-01T12:00:00.000Z');

describe('notifier worker (a unique database and Redis prefix per test)', () => {
  let testDb: TestDatabase;
  let prefix: TestRedisPrefix;
  let database: Database;
  let redis: RedisHandle;
  let queues: NotificationsQueue[];

  const queue = () => {
    const created = createNotificationsQueue(prefix.url, { keyPrefix: prefix.prefix, logger });
    queues.push(created);
    return created;
  };

  beforeEach(async () => {
    testDb = await createTestDatabase();
    prefix = testRedisPrefix();
    database = createDatabase(testDb.url);
    redis = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    await redis.waitUntilReady(5_000);
    queues = [];
  });

  afterEach(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await redis.close();
    await database.close();
    await prefix.cleanup();
    await testDb.drop();
  });

  it('processes a heartbeat job enqueued by another process, records it in Redis, then closes cleanly', async () => {
    const consumerQueue = queue();
    const producer = queue();
    const worker = createWorker({
      config: testWorkerConfig(),
      queue: consumerQueue,
      database,
      redis,
      logger,
      version: { version: '1.0.0' },
      concurrency: 2,
      clock: () => fixedNow,
    });
    const consumer = worker.start();

    const job = await enqueueHeartbeat(producer, { requestedAt: '2025-06-01T11:59:00.000Z' });
    expect(await job.finished()).toEqual({ type: 'heartbeat', count: 1, at: fixedNow.toISOString() });
    expect(await createHeartbeatStore(redis.client).read()).toEqual({
      count: 1,
      lastAt: fixedNow.toISOString(),
    });

    // The queue's keys live under the test prefix (Bull prefix derived from REDIS_KEY_PREFIX).
    const raw = new Redis(prefix.url);
    try {
      const keys = await raw.keys(`${bullPrefix(prefix.prefix)}:notifications:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(await raw.get(`${prefix.prefix}notifier:heartbeat:count`)).toBe('1');
    } finally {
      await raw.quit();
    }

    await consumer.stop();
    expect(consumerQueue.client.status).toBe('end');
  });

  it('the worker probe answers /healthz and /readyz with postgres, redis and queue', async () => {
    const consumerQueue = queue();
    await consumerQueue.isReady();
    const worker = createWorker({
      config: testWorkerConfig(),
      queue: consumerQueue,
      database,
      redis,
      logger,
      version: { version: '1.0.0' },
      concurrency: 1,
    });
    await request(worker.probeApp).get('/healthz').expect(200, { status: 'ok' });
    const res = await request(worker.probeApp).get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', queue: 'ok' } });
  });

  it('stop() lets the running job finish before the queue closes, and takes no new job', async () => {
    const consumerQueue = queue();
    const producer = queue();
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    let finishJob!: () => void;
    const jobMayFinish = new Promise<void>((resolve) => (finishJob = resolve));
    const events: string[] = [];
    const consumer = consume(
      consumerQueue,
      async () => {
        entered();
        await jobMayFinish;
        events.push('job done');
        return 'ok';
      },
      { concurrency: 1, logger },
    );
    const job = await enqueueHeartbeat(producer, { requestedAt: fixedNow.toISOString() });
    await running;
    const stopped = consumer.stop().then(() => events.push('queue closed'));
    // stop() has paused the queue (it takes no new job) and waits for the running one.
    await vi.waitFor(async () => expect(await consumerQueue.isPaused(true)).toBe(true), { timeout: 10_000 });
    expect(events).toEqual([]);
    finishJob();
    await stopped;
    expect(events).toEqual(['job done', 'queue closed']);
    // Its result was written before the connections closed.
    expect(await (await producer.getJob(job.id))?.getState()).toBe('completed');

    // Closed: the consumer's connections (command, events, blocking) are gone, so a new job stays
    // waiting for another worker.
    expect(consumerQueue.clients.map((client) => client.status)).toEqual(['end', 'end', 'end']);
    const next = await enqueueHeartbeat(producer, { requestedAt: fixedNow.toISOString() });
    expect(await next.getState()).toBe('waiting');
    expect(await producer.getWaitingCount()).toBe(1);
  });

  it("reads Redis's maxmemory-policy for the start-up warning, and undefined when Redis cannot answer", async () => {
    const raw = new Redis(prefix.url);
    try {
      const [, policy] = (await raw.config('GET', 'maxmemory-policy')) as [string, string];
      expect(await readEvictionPolicy(redis.client)).toBe(policy);
    } finally {
      await raw.quit();
    }
    const dead = new Redis(`redis://127.0.0.1:${await closedPort()}`, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    dead.on('error', () => undefined);
    expect(await readEvictionPolicy(dead)).toBeUndefined();
    dead.disconnect();
  });

  it('a job of an unknown type fails and records nothing', async () => {
    const consumerQueue = queue();
    const producer = queue();
    const worker = createWorker({
      config: testWorkerConfig(),
      queue: consumerQueue,
      database,
      redis,
      logger,
      version: { version: '1.0.0' },
      concurrency: 1,
    });
    worker.start();
    const job = await producer.add('mystery', { requestedAt: fixedNow.toISOString() }, { attempts: 1 });
    await expect(job.finished()).rejects.toThrow("unknown job type 'mystery'");
    expect(await createHeartbeatStore(redis.client).read()).toEqual({ count: 0, lastAt: null });
  });
});
