import {
  connectInfrastructure,
  createLogger,
  installShutdown,
  loadConfig,
  resolveVersion,
  runMain,
  serve,
} from '@pitclock/kit';
import { createApp, createInstanceLiveUpdates } from './app';
import { syncConfigSchema } from './config';
import { migrations } from './data-access';

// kit's startHttpService, plus one step at shutdown: the open event streams are ended first (their
// clients reconnect to another instance), else the server would wait for them until its deadline.
runMain(async () => {
  const config = loadConfig(syncConfigSchema);
  const logger = createLogger({ name: 'sync', level: config.LOG_LEVEL });
  const infra = await connectInfrastructure(config, { logger, migrations });
  const live = createInstanceLiveUpdates({ database: infra.database, redis: infra.redis, logger, config });
  const app = createApp({
    config,
    database: infra.database,
    redis: infra.redis,
    logger,
    version: resolveVersion(),
    live,
  });
  const server = await serve(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    onClose: async () => {
      await live.close();
      await infra.close();
    },
  });
  installShutdown(
    [
      {
        stop: async () => {
          live.endStreams();
          await server.stop();
        },
      },
    ],
    logger,
  );
});
