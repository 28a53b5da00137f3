import { startHttpService } from '@pitclock/kit';
import { createApp } from './app';
import { notifierConfigSchema } from './config';
import { migrations } from './data-access';

// The notifier's API process; the queue worker is src/worker.ts.
startHttpService({
  name: 'notifier',
  configSchema: notifierConfigSchema,
  migrations,
  createApp: ({ config, logger, infra, version }) =>
    createApp({ config, database: infra.database, redis: infra.redis, logger, version }),
});
