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
import { authConfigSchema } from './config';
import { createUsersRepository, migrations } from './data-access';
import { createPasswordHasher } from './domain/passwords';
import { seedFirstAdmin } from './entry-points/startup/seed-admin';

runMain(async () => {
  const config = loadConfig(authConfigSchema);
  const logger = createLogger({ name: 'auth', level: config.LOG_LEVEL });
  const infra = await connectInfrastructure(config, { logger, migrations });
  const passwords = createPasswordHasher();
  await seedFirstAdmin({ config, users: createUsersRepository(infra.database.db), passwords, logger });
  const { database, redis } = infra;
  const app = createApp({ config, database, redis, logger, version: resolveVersion(), passwords });
  const server = await serve(app, { port: config.PORT, host: config.HOST, logger, onClose: infra.close });
  installShutdown(server, logger);
});
