import { startHttpService } from '@pitclock/kit';
import { createApp } from './app';
import { licensingConfigSchema } from './config';
import { migrations } from './data-access';

startHttpService({
  name: 'licensing',
  configSchema: licensingConfigSchema,
  migrations,
  createApp: ({ config, logger, infra, version }) =>
    createApp({ config, database: infra.database, redis: infra.redis, logger, version }),
});
