import type { Agent } from 'node:https';
import {
  createMetricsRegistry,
  createServiceApp,
  type Database,
  type Logger,
  type RedisHandle,
  type Registry,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import { configuredVapidKeys, dismissSecretOf, type WorkerConfig } from './config';
import {
  createHeartbeatStore,
  createStepAlertStore,
  createVapidKeysRepository,
  createWebPushClient,
  type NotificationsQueue,
} from './data-access';
import { createDismissTokens } from './domain/dismiss-token';
import { createPushDeliverer } from './application/push-sender';
import { registerDeliveryMetrics, registerQueueGauge } from './entry-points/metrics';
import { consume, type Consumer } from './entry-points/worker/consume';
import { createJobProcessor } from './entry-points/worker/processor';
import { createVapidKeys, type VapidKeys } from './application/vapid-keys';

/** What the worker needs of the configuration (worker.ts passes the whole WorkerConfig). */
export type WorkerAppConfig = Pick<
  WorkerConfig,
  | 'JWT_SECRET'
  | 'PUSH_ACTION_SECRET'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUSH_ALLOWED_ORIGINS'
  | 'PUSH_TIMEOUT_MS'
>;

export type WorkerDeps = {
  config: WorkerAppConfig;
  /** A queue made with the processing settings (lock, stalled check, push-retry backoff). */
  queue: NotificationsQueue;
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  version: VersionInfo;
  concurrency: number;
  clock?: () => Date;
  metrics?: Registry;
  vapidKeys?: VapidKeys;
  agent?: Agent;
};

export type Worker = {
  /** Probes of the worker process: /healthz, /readyz (postgres, redis, queue), /metrics. */
  probeApp: Express;
  /** Starts consuming the queue. */
  start: () => Consumer;
};

/** The notifier's worker process: consumes the notifications queue. Nothing runs until start(). */
export const createWorker = ({
  config,
  queue,
  database,
  redis,
  logger,
  version,
  concurrency,
  clock = () => new Date(),
  metrics = createMetricsRegistry({ service: 'notifier-worker' }),
  vapidKeys,
  agent,
}: WorkerDeps): Worker => {
  registerQueueGauge(metrics, queue);
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
  const stepAlert = {
    store: createStepAlertStore(database),
    sender: createPushDeliverer({ client, allowedOrigins: config.PUSH_ALLOWED_ORIGINS, logger }),
    dismissTokens: createDismissTokens(dismissSecretOf(config)),
    metrics: registerDeliveryMetrics(metrics),
    logger,
    clock,
  };
  const processor = createJobProcessor({
    heartbeats: createHeartbeatStore(redis.client),
    stepAlert,
    logger,
    clock,
  });
  const probeApp = createServiceApp({
    name: 'notifier-worker',
    version,
    logger,
    metrics,
    readiness: {
      postgres: database.ping,
      redis: redis.ping,
      queue: async () => {
        if (queue.client.status !== 'ready') throw new Error(`queue connection is ${queue.client.status}`);
        await queue.client.ping();
      },
    },
  });
  return { probeApp, start: () => consume(queue, processor, { concurrency, logger }) };
};
