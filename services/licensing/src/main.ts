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
import { licensingConfigSchema } from './config';
import { migrations } from './data-access';

runMain(async () => {
  const config = loadConfig(licensingConfigSchema);
  const logger = createLogger({ name: 'licensing', level: config.LOG_LEVEL });
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
