import { startHttpService } from '@pitclock/kit';
import { createApp } from './app';
import { authConfigSchema } from './config';
import { createUsersRepository, migrations } from './data-access';
import { createPasswordHasher } from './domain/passwords';
import { seedFirstAdmin } from './entry-points/startup/seed-admin';

startHttpService({
  name: 'auth',
  configSchema: authConfigSchema,
  migrations,
  createApp: async ({ config, logger, infra, version }) => {
    const passwords = createPasswordHasher();
    await seedFirstAdmin({ config, users: createUsersRepository(infra.database.db), passwords, logger });
    return createApp({ config, database: infra.database, redis: infra.redis, logger, version, passwords });
  },
});
