import type { Agent } from 'node:https';
import {
  createAuth,
  createMetricsRegistry,
  createServiceApp,
  createTokenGenerations,
  type Database,
  type Logger,
  type RedisHandle,
  type Registry,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import { configuredVapidKeys, dismissSecretOf, type NotifierConfig } from './config';
import {
  createPushSubscriptionsRepository,
  createRunLocks,
  createRunPlanMarks,
  createSchedulesRepository,
  createStepAlertJobs,
  createSyncTeamsClient,
  createVapidKeysRepository,
  createWebPushClient,
  type NotificationsQueue,
} from './data-access';
import { createDismissTokens } from './domain/dismiss-token';
import { createPushSender } from './application/push-sender';
import { createRouter } from './entry-points/http/router';
import { registerQueueGauge } from './entry-points/metrics';
import { createVapidKeys, type VapidKeys } from './application/vapid-keys';

/** What the app needs of the configuration (main.ts passes the whole NotifierConfig). */
export type NotifierAppConfig = Pick<
  NotifierConfig,
  | 'TRUST_PROXY'
  | 'REDIS_KEY_PREFIX'
  | 'JWT_SECRET'
  | 'JWT_AUDIENCE'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUSH_ACTION_SECRET'
  | 'PUSH_ALLOWED_ORIGINS'
  | 'PUSH_TIMEOUT_MS'
  | 'PUSH_JOB_ATTEMPTS'
  | 'PUSH_MAX_SCHEDULED_RUNS_PER_USER'
  | 'SYNC_URL'
>;

export type AppDeps = {
  config: NotifierAppConfig;
  database: Database;
  redis: RedisHandle;
  /** The notifications queue the schedules' jobs are added to (the caller closes it). */
  queue: NotificationsQueue;
  logger: Logger;
  version: VersionInfo;
  metrics?: Registry;
  clock?: () => Date;
  /** The VAPID keys; made from the config and the database when omitted (main.ts loads them first). */
  vapidKeys?: VapidKeys;
  /** An https.Agent for the push services (a test receiver's CA, when NODE_EXTRA_CA_CERTS cannot be used). */
  agent?: Agent;
  /** How the sync service is called (tests pass a failing one). */
  fetch?: typeof globalThis.fetch;
};

/** How long the sync service may take to say who is in a team before the PUT answers 503. */
const SYNC_TIMEOUT_MS = 3_000;

/** The notifier's API process. */
export const createApp = ({
  config,
  database,
  redis,
  queue,
  logger,
  version,
  metrics = createMetricsRegistry({ service: 'notifier' }),
  clock = () => new Date(),
  vapidKeys,
  agent,
  fetch,
}: AppDeps): Express => {
  registerQueueGauge(metrics, queue);
  // A token issued before its user was deleted or re-roled (auth bumps the generation) is refused at once.
  const auth = createAuth({
    secret: config.JWT_SECRET,
    audience: config.JWT_AUDIENCE,
    generations: createTokenGenerations(redis.client, config.REDIS_KEY_PREFIX),
  });
  const subscriptions = createPushSubscriptionsRepository(database.db);
  const keys =
    vapidKeys ??
    createVapidKeys({
      configured: configuredVapidKeys(config),
      repository: createVapidKeysRepository(database.db),
      logger,
    });
  const client = createWebPushClient({
    keys,
    subject: config.VAPID_SUBJECT,
    timeoutMs: config.PUSH_TIMEOUT_MS,
    agent,
    clock,
  });
  const router = createRouter({
    subscriptions,
    vapidKeys: keys,
    sender: createPushSender({
      client,
      subscriptions,
      allowedOrigins: config.PUSH_ALLOWED_ORIGINS,
      logger,
      clock,
    }),
    allowedOrigins: config.PUSH_ALLOWED_ORIGINS,
    schedules: createSchedulesRepository(database.db),
    jobs: createStepAlertJobs(queue, { attempts: config.PUSH_JOB_ATTEMPTS, logger, clock }),
    runLocks: createRunLocks(redis.client),
    planMarks: createRunPlanMarks(redis.client),
    maxScheduledRunsPerUser: config.PUSH_MAX_SCHEDULED_RUNS_PER_USER,
    teams: createSyncTeamsClient({ syncUrl: config.SYNC_URL, timeoutMs: SYNC_TIMEOUT_MS, fetch }),
    dismissTokens: createDismissTokens(dismissSecretOf(config)),
    requireUser: auth.requireAuth,
    logger,
    clock,
  });
  return createServiceApp({
    name: 'notifier',
    version,
    logger,
    metrics,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: database.ping, redis: redis.ping },
    // A run of PUSH_MAX_STEPS_PER_RUN steps with the longest names and ids is about 320 kB of JSON.
    jsonLimit: '512kb',
    routers: [router],
  });
};
