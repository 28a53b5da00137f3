import { createMetricsRegistry, loadConfig, type Registry } from '@pitclock/kit';
import {
  TEST_JWT_AUDIENCE,
  TEST_JWT_SECRET,
  testServiceEnv,
  useTestService,
  type Caller,
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

export { tokenFor, type Caller } from '@pitclock/kit/testing';
export const JWT_SECRET = TEST_JWT_SECRET;
export const JWT_AUDIENCE = TEST_JWT_AUDIENCE;

type Overrides = Partial<Record<keyof NotifierConfig | keyof WorkerConfig, string>>;

/** The API's configuration as loadConfig makes it, with test overrides (defaults otherwise). */
export const testConfig = (overrides: Overrides = {}): NotifierConfig =>
  loadConfig(notifierConfigSchema, { ...testServiceEnv, ...overrides });

/** The worker's configuration: quick retries so that retry tests take a second, not a minute. */
export const testWorkerConfig = (overrides: Overrides = {}): WorkerConfig =>
  loadConfig(workerConfigSchema, { ...testServiceEnv, PUSH_RETRY_BASE_DELAY_MS: '100', ...overrides });

export type RunningWorker = {
  consumer: Consumer;
  queue: NotificationsQueue;
  metrics: Registry;
  probeApp: Express;
};

/**
 * The kit's test service (a database and Redis prefix of its own, so a Bull queue of its own) with a
 * local https push receiver, the real API app, and helpers to run real workers, for one test file.
 */
export const useNotifierService = ({ config = {} }: { config?: Overrides } = {}) => {
  const base = useTestService({ service: 'notifier', migrations, tables: ownedTables, poolSize: 20 });
  const { logger, clock } = base;
  let receiver: PushReceiver;
  let queue: NotificationsQueue;
  let app: Express;
  let metrics: Registry;
  const queues: NotificationsQueue[] = [];
  const workers: RunningWorker[] = [];

  const newQueue = (processing?: Parameters<typeof createNotificationsQueue>[1]['processing']) => {
    const prefix = base.redisPrefix();
    const created = createNotificationsQueue(prefix.url, { keyPrefix: prefix.prefix, logger, processing });
    queues.push(created);
    return created;
  };

  const allowReceiver = (overrides: Overrides): Overrides => ({
    PUSH_ALLOWED_ORIGINS: receiver.origin,
    REDIS_KEY_PREFIX: base.redisPrefix().prefix,
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
      database: base.database(),
      redis: base.redis(),
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
      database: base.database(),
      redis: base.redis(),
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
  });

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
    ...base,
    app: () => app,
    receiver: () => receiver,
    queue: () => queue,
    metrics: () => metrics,
    makeApp,
    startWorker,
    /** A signed-in user (a new user id). */
    user: base.newCaller,
    subscribe,
    jobsOf,
  };
};
export type NotifierService = ReturnType<typeof useNotifierService>;
