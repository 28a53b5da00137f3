import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { Team } from '@pitclock/contracts/schemas';
import {
  createAuth,
  createMetricsRegistry,
  getAuthUser,
  loadConfig,
  type Registry,
  type TokenGenerations,
} from '@pitclock/kit';
import {
  listen,
  TEST_JWT_AUDIENCE,
  TEST_JWT_SECRET,
  testServiceEnv,
  useTestService,
  type Caller,
} from '@pitclock/kit/testing';
import type { Job } from 'bull';
import express, { type Express } from 'express';
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

/**
 * A stand-in for the sync service that speaks its protocol for what the notifier asks, answering from its
 * own list of teams (its "database"), never from the token; it verifies tokens with the kit's bearer
 * middleware, the test secret and the token generations in the test's Redis, as the sync service does:
 * GET /api/teams/{id}: 401 for a bad or revoked token, 404 to anyone not a member of that team (or for
 * no such team), else the Team as the contract has it. Mode 'error' answers 500 to everything; 'refuse'
 * drops each connection unanswered.
 */
export const startSyncStandIn = async ({ generations }: { generations?: TokenGenerations } = {}) => {
  const teams = new Map<string, { members: number[] }>();
  let calls = 0;
  let mode: 'up' | 'error' | 'refuse' = 'up';
  const auth = createAuth({ secret: TEST_JWT_SECRET, audience: TEST_JWT_AUDIENCE, generations });
  const app = express();
  app.use((req, res, next) => {
    calls += 1;
    if (mode === 'error') {
      res.status(500).json({ error: 'internal_error', message: 'Internal server error' });
      return;
    }
    if (mode === 'refuse') {
      req.socket.destroy();
      return;
    }
    next();
  });
  app.get(API_PATHS.team, auth.requireAuth, (req, res) => {
    const caller = getAuthUser(req).id;
    const id = String(req.params.id);
    const team = teams.get(id);
    if (!team?.members.includes(caller)) {
      res.status(404).json({ error: 'team_not_found', message: 'No such team' });
      return;
    }
    const at = new Date(0).toISOString();
    const role = (userId: number) => (userId === team.members[0] ? 'owner' : 'member');
    res.json(
      Team.parse({
        id,
        name: 'Smoke Team',
        scope: `t:${id}`,
        role: role(caller),
        members: team.members.map((userId) => ({
          user_id: String(userId),
          name: `Cook ${userId}`,
          role: role(userId),
          joined_at: at,
        })),
        created_at: at,
      }),
    );
  });
  app.use(((err, _req, res, _next) => {
    const status = (err as { status?: number }).status ?? 500;
    const error = (err as { code?: string }).code ?? 'unauthorized';
    res.status(status).json({ error, message: 'A valid bearer token is required' });
  }) as express.ErrorRequestHandler);
  const server = await listen(app);
  return {
    url: server.url,
    /** A new team of these users (the first is its owner); answers its id. */
    createTeam: (members: readonly Caller[]): string => {
      const id = randomUUID();
      teams.set(id, { members: members.map((member) => member.id) });
      return id;
    },
    setMembers: (teamId: string, members: readonly Caller[]) => {
      teams.set(teamId, { members: members.map((member) => member.id) });
    },
    calls: () => calls,
    setMode: (next: typeof mode) => {
      mode = next;
    },
    close: server.close,
  };
};
export type SyncStandIn = Awaited<ReturnType<typeof startSyncStandIn>>;

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
  let syncStandIn: SyncStandIn;
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
    SYNC_URL: syncStandIn.url,
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
    syncStandIn = await startSyncStandIn({ generations: base.generations() });
    queue = newQueue();
    await queue.isReady();
    metrics = createMetricsRegistry({ service: 'notifier' });
    app = makeApp({}, { metrics });
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.consumer.stop()));
    await Promise.all(queues.map((q) => q.close()));
    await receiver?.close();
    await syncStandIn?.close();
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
    syncStandIn: () => syncStandIn,
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
