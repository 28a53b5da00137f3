import {
  connectInfrastructure,
  createLogger,
  installShutdown,
  loadConfig,
  resolveVersion,
  runMain,
  serve,
} from '@pitclock/kit';
import { createApp } from './app';
import { configuredVapidKeys, notifierConfigSchema } from './config';
import {
  createNotificationsQueue,
  createQueuePlanMarker,
  createSchedulesRepository,
  createStepAlertJobs,
  createVapidKeysRepository,
  migrations,
} from './data-access';
import { replanQueue } from './application/queue-plan';
import { scheduleQueuePlanChecks } from './entry-points/queue-plan';
import { createVapidKeys } from './application/vapid-keys';

// The notifier's API process (every setting from the environment); the queue worker is src/worker.ts.
runMain(async () => {
  const config = loadConfig(notifierConfigSchema);
  const logger = createLogger({ name: 'notifier', level: config.LOG_LEVEL });
  const infra = await connectInfrastructure(config, { logger, migrations });
  const queue = createNotificationsQueue(config.REDIS_URL, { keyPrefix: config.REDIS_KEY_PREFIX, logger });
  // The VAPID key is loaded (or generated and stored, at the very first start) before listening.
  const vapidKeys = createVapidKeys({
    configured: configuredVapidKeys(config),
    repository: createVapidKeysRepository(infra.database.db),
    logger,
  });
  await vapidKeys.current();
  const app = createApp({
    config,
    database: infra.database,
    redis: infra.redis,
    queue,
    logger,
    version: resolveVersion(),
    vapidKeys,
  });
  // A restarted or new Redis may have lost delayed jobs: they are planned again from PostgreSQL.
  const queuePlan = {
    marker: createQueuePlanMarker(infra.redis.client),
    schedules: createSchedulesRepository(infra.database.db),
    jobs: createStepAlertJobs(queue, { attempts: config.PUSH_JOB_ATTEMPTS, logger }),
    clock: () => new Date(),
    logger,
  };
  const queuePlanChecks = scheduleQueuePlanChecks(() => replanQueue(queuePlan), {
    intervalMs: config.QUEUE_PLAN_CHECK_MS,
    logger,
  });
  const server = await serve(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    onClose: async () => {
      await queuePlanChecks.stop();
      await queue.close();
      await infra.close();
    },
  });
  installShutdown(server, logger);
});
