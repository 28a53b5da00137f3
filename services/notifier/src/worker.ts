import {
  connectInfrastructure,
  createLogger,
  installShutdown,
  loadConfig,
  resolveVersion,
  runMain,
  serve,
} from '@pitclock/kit';
import { configuredVapidKeys, workerConfigSchema } from './config';
import {
  createNotificationsQueue,
  createVapidKeysRepository,
  migrations,
  readEvictionPolicy,
} from './data-access';
import { evictionPolicyWarning } from './domain/queue-health';
import { createVapidKeys } from './application/vapid-keys';
import { createWorker } from './worker-app';

// The notifier's queue worker: a separate process (scaled by running more of them, WORKER_CONCURRENCY
// jobs each) with its own probe port; every setting from the environment. It applies the migrations too
// (under the kit's advisory lock, a no-op when the API process did it first) because it may start first
// and must find the VAPID key table.
runMain(async () => {
  const config = loadConfig(workerConfigSchema);
  const logger = createLogger({ name: 'notifier-worker', level: config.LOG_LEVEL });
  const infra = await connectInfrastructure(config, { logger, migrations });
  const warning = evictionPolicyWarning(await readEvictionPolicy(infra.redis.client));
  if (warning) logger.warn(warning);
  const queue = createNotificationsQueue(config.REDIS_URL, {
    keyPrefix: config.REDIS_KEY_PREFIX,
    logger,
    processing: {
      lockDurationMs: config.BULL_LOCK_DURATION_MS,
      stalledIntervalMs: config.BULL_STALLED_INTERVAL_MS,
      maxStalledCount: config.BULL_MAX_STALLED_COUNT,
      retryBaseDelayMs: config.PUSH_RETRY_BASE_DELAY_MS,
    },
  });
  const vapidKeys = createVapidKeys({
    configured: configuredVapidKeys(config),
    repository: createVapidKeysRepository(infra.database.db),
    logger,
  });
  await vapidKeys.current();
  const worker = createWorker({
    config,
    queue,
    database: infra.database,
    redis: infra.redis,
    logger,
    version: resolveVersion(),
    concurrency: config.WORKER_CONCURRENCY,
    vapidKeys,
  });
  await queue.isReady();
  const consumer = worker.start();
  const probe = await serve(worker.probeApp, {
    port: config.WORKER_PORT,
    host: config.HOST,
    logger,
    onClose: infra.close,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
  });
  // SIGTERM: the running jobs finish and the queue closes first, then the probe server, then the pools.
  installShutdown([consumer, probe], logger);
});
