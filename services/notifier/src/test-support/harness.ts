import {
  createDatabase,
  createLogger,
  createMetricsRegistry,
  createRedis,
  createTokenGenerations,
  loadConfig,
  migrate,
  signAccessToken,
  type Database,
  type RedisHandle,
  type Registry,
  type TokenGenerations,
} from '@pitclock/kit';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestRedisPrefix,
} from '@pitclock/kit/testing';
import type { Job } from 'bull';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp, type AppDeps } from '../app';
import { notifierConfigSchema, workerConfigSchema, type NotifierConfig, type WorkerConfig } from '../config';
import {
  createNotificationsQueue,
  migrations,
  ownedTables,
  type NotificationJobData,
  type NotificationsQueue,
  type StepAlertJobData,
} from '../data-access';
import type { Consumer } from '../entry-points/worker/consume';
import { createWorker } from '../worker-app';
import { startPushReceiver, type PushReceiver, type TestSubscription } from './push-receiver';

export const JWT_SECRET = 'notifier-test-secret-0123456789-0123456789';
export const JWT_AUDIENCE = 'pitclock';

type Overrides = Partial<Record<keyof NotifierConfig | keyof WorkerConfig, string>>;

const requiredEnv = { DATABASE_URL: 'postgres://postgres@127.0.0.1/unused', JWT_SECRET, JWT_AUDIENCE };

/** The API's configuration as loadConfig makes it, with test overrides (defaults otherwise). */
export const testConfig = (overrides: Overrides = {}): NotifierConfig =>
  loadConfig(notifierConfigSchema, { ...requiredEnv, ...overrides });

/** The worker's configuration: quick retries so that retry tests take a second, not a minute. */
export const testWorkerConfig = (overrides: Overrides = {}): WorkerConfig =>
  loadConfig(workerConfigSchema, { ...requiredEnv, PUSH_RETRY_BASE_DELAY_MS: '100', ...overrides });

/**
 * An access token as the auth service signs them (HS256, audience, sub = user id, gen = the user's token
 * generation when it was issued; 0, as for a user never deleted nor re-roled, when not given).
 */
export const tokenFor = (userId: number, expiresInSeconds = 900, gen = 0) =>
  signAccessToken(
    { userId, claims: { gen } },
    { secret: JWT_SECRET, audience: JWT_AUDIENCE, expiresInSeconds },
  );

export type Caller = { id: number; token: string; headers: { Authorization: string } };

/** A clock that is real time plus an offset, or frozen at an instant (schedule tests need exact delays). */
export const createTestClock = () => {
  let offsetMs = 0;
  let frozen: Date | undefined;
  return {
    now: () => (frozen ? new Date(frozen) : new Date(Date.now() + offsetMs)),
    advance: (ms: number) => {
      offsetMs += ms;
      if (frozen) frozen = new Date(frozen.getTime() + ms);
    },
    freeze: (at: Date = new Date()) => {
      frozen = at;
    },
    reset: () => {
      offsetMs = 0;
      frozen = undefined;
    },
  };
};
export type TestClock = ReturnType<typeof createTestClock>;

export type RunningWorker = {
  consumer: Consumer;
  queue: NotificationsQueue;
  metrics: Registry;
  probeApp: Express;
};

/**
 * A database of its own (migrated), a Redis prefix of its own (so a Bull queue of its own), a local https
 * push receiver, the real API app, and helpers to run real workers and read what was stored, for one
 * test file.
 */
export const useNotifierService = ({ config = {} }: { config?: Overrides } = {}) => {
  const logger = createLogger({ name: 'notifier-test', level: 'silent' });
  const clock = createTestClock();
  let testDb: TestDatabase;
  let prefix: TestRedisPrefix;
  let database: Database;
  let redis: RedisHandle;
  let receiver: PushReceiver;
  let queue: NotificationsQueue;
  let app: Express;
  let metrics: Registry;
  let generations: TokenGenerations;
  const queues: NotificationsQueue[] = [];
  const workers: RunningWorker[] = [];
  let nextUserId = 1;

  const newQueue = (processing?: Parameters<typeof createNotificationsQueue>[1]['processing']) => {
    const created = createNotificationsQueue(prefix.url, { keyPrefix: prefix.prefix, logger, processing });
    queues.push(created);
    return created;
  };

  const allowReceiver = (overrides: Overrides): Overrides => ({
    PUSH_ALLOWED_ORIGINS: receiver.origin,
    REDIS_KEY_PREFIX: prefix.prefix,
    ...config,
    ...overrides,
  });

  /** Another app on the same database, queue and receiver (its own config, clock, keys or registry). */
  const makeApp = (
    overrides: Overrides = {},
    deps: Partial<Pick<AppDeps, 'vapidKeys' | 'metrics' | 'clock'>> = {},
  ) =>
    createApp({
      config: testConfig(allowReceiver(overrides)),
      database,
      redis,
      queue,
      logger,
      version: { version: '1.0.0' },
      clock: deps.clock ?? clock.now,
      metrics: deps.metrics,
      vapidKeys: deps.vapidKeys,
    });

  /** A real worker consuming this file's queue (stopped after the file, or by the test). */
  const startWorker = async (overrides: Overrides = {}, { now = clock.now }: { now?: () => Date } = {}) => {
    const workerConfig = testWorkerConfig(allowReceiver(overrides));
    const workerQueue = newQueue({
      lockDurationMs: workerConfig.BULL_LOCK_DURATION_MS,
      stalledIntervalMs: workerConfig.BULL_STALLED_INTERVAL_MS,
      maxStalledCount: workerConfig.BULL_MAX_STALLED_COUNT,
      retryBaseDelayMs: workerConfig.PUSH_RETRY_BASE_DELAY_MS,
    });
    await workerQueue.isReady();
    const workerMetrics = createMetricsRegistry({ service: 'notifier-worker' });
    const worker = createWorker({
      config: workerConfig,
      queue: workerQueue,
      database,
      redis,
      logger,
      version: { version: '1.0.0' },
      concurrency: 4,
      clock: now,
      metrics: workerMetrics,
    });
    const running = {
      consumer: worker.start(),
      queue: workerQueue,
      metrics: workerMetrics,
      probeApp: worker.probeApp,
    };
    workers.push(running);
    return running;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    prefix = testRedisPrefix();
    database = createDatabase(testDb.url, { max: 20 });
    await migrate(database, migrations);
    redis = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    await redis.waitUntilReady(5_000);
    generations = createTokenGenerations(redis.client, prefix.prefix);
    receiver = await startPushReceiver();
    queue = newQueue();
    await queue.isReady();
    metrics = createMetricsRegistry({ service: 'notifier' });
    app = makeApp({}, { metrics });
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.consumer.stop()));
    await Promise.all(queues.map((q) => q.close()));
    await receiver?.close();
    await redis?.close();
    await database?.close();
    await prefix?.cleanup();
    await testDb?.drop();
  });

  const query = async <T extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params: unknown[] = [],
  ) => (await database.pool.query<T>(text, params)).rows;

  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    Number((await query<{ n: string }>(`select count(*) as n from ${table} where ${where}`, params))[0]!.n);

  /** Opens the pool's connections first, so that concurrent transactions in a test really overlap. */
  const warmPool = async (connections = 16) => {
    await Promise.all(Array.from({ length: connections }, () => query('select pg_sleep(0.05)')));
  };

  /** Row counts of every table of the service, to prove a request stored nothing. */
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of ownedTables) result[table] = await count(table);
    return result;
  };

  const user = (): Caller => {
    const id = nextUserId++;
    const token = tokenFor(id);
    return { id, token, headers: { Authorization: `Bearer ${token}` } };
  };

  /**
   * What the auth service does when it deletes an account or changes its role: the user's token generation
   * is bumped, which ends every access token issued so far. Answers a token of the new generation.
   */
  const endSessions = async (caller: Caller): Promise<Caller> => {
    const gen = await generations.bump(caller.id);
    const token = tokenFor(caller.id, 900, gen);
    return { id: caller.id, token, headers: { Authorization: `Bearer ${token}` } };
  };

  /** Registers a new receiver subscription for the caller over HTTP, as the app does. */
  const subscribe = async (
    caller: Caller,
    deviceId = 'device-1',
  ): Promise<TestSubscription & { id: number }> => {
    const subscription = receiver.subscription();
    const res = await request(app)
      .post('/api/push/subscribe')
      .set(caller.headers)
      .send({
        subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
        device_id: deviceId,
      });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { ...subscription, id: res.body.id as number };
  };

  /** The step-alert jobs of a user's run in the queue, by state. */
  const jobsOf = async (
    userId: number,
    runId: string,
    states: ('delayed' | 'waiting' | 'active' | 'completed' | 'failed')[] = ['delayed', 'waiting'],
  ): Promise<Job<StepAlertJobData>[]> => {
    const jobs = (await queue.getJobs(states)) as Job<NotificationJobData>[];
    return jobs.filter(
      (job): job is Job<StepAlertJobData> =>
        job !== null && 'runId' in job.data && job.data.userId === userId && job.data.runId === runId,
    );
  };

  return {
    app: () => app,
    database: () => database,
    /** The test database's URL, for a test that needs connections of its own. */
    databaseUrl: () => testDb.url,
    redis: () => redis,
    receiver: () => receiver,
    queue: () => queue,
    metrics: () => metrics,
    redisPrefix: () => prefix,
    logger,
    clock,
    makeApp,
    startWorker,
    query,
    count,
    counts,
    warmPool,
    user,
    endSessions,
    subscribe,
    jobsOf,
  };
};
export type NotifierService = ReturnType<typeof useNotifierService>;
