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
import { notifierConfigSchema } from './config';
import { migrations } from './data-access';

// The notifier's API process; the queue worker is src/worker.ts.
runMain(async () => {
  const config = loadConfig(notifierConfigSchema);
  const logger = createLogger({ name: 'notifier', level: config.LOG_LEVEL });
  const infra = await connectInfrastructure(config, { logger, migrations });
  const app = createApp({
    config,
    database: infra.database,
    redis: infra.redis,
    logger,
    version: resolveVersion(),
  });
  const server = await serve(app, { port: config.PORT, host: config.HOST, logger, onClose: infra.close });
  installShutdown(server, logger);
});
