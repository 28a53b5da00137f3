import {
  connectInfrastructure,
  createLogger,
  installShutdown,
  loadConfig,
  resolveVersion,
  runMain,
  serve,
} from '@pitclock/kit';
import { workerConfigSchema } from './config';
import { createNotificationsQueue } from './data-access';
import { createWorker } from './worker-app';

// The notifier's queue worker: a separate process (scaled by replicas) with its own probe port.
// Migrations are applied by the API process (src/main.ts), not here.
runMain(async () => {
  const config = loadConfig(workerConfigSchema);
  const logger = createLogger({ name: 'notifier-worker', level: config.LOG_LEVEL });
  const infra = await connectInfrastructure(config, { logger });
  const queue = createNotificationsQueue(config.REDIS_URL, { keyPrefix: config.REDIS_KEY_PREFIX, logger });
  const worker = createWorker({
    queue,
    database: infra.database,
    redis: infra.redis,
    logger,
    version: resolveVersion(),
    concurrency: config.WORKER_CONCURRENCY,
  });
  await queue.isReady();
  const consumer = worker.start();
  const probe = await serve(worker.probeApp, {
    port: config.WORKER_PORT,
    host: config.HOST,
    logger,
    onClose: infra.close,
  });
  // SIGTERM: the running jobs finish and the queue closes first, then the probe server, then the pools.
  installShutdown([consumer, probe], logger);
});
