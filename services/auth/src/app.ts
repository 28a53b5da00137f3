import {
  createAuth,
  createServiceApp,
  type Database,
  type Logger,
  type RedisHandle,
  type Registry,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import type { AuthConfig } from './config';
import { createUsersRepository } from './data-access';
import { createRouter } from './entry-points/http/router';

export type AppDeps = {
  config: Pick<AuthConfig, 'JWT_SECRET' | 'JWT_AUDIENCE' | 'TRUST_PROXY'>;
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  version: VersionInfo;
  metrics?: Registry;
  clock?: () => Date;
};

export const createApp = ({
  config,
  database,
  redis,
  logger,
  version,
  metrics,
  clock = () => new Date(),
}: AppDeps): Express => {
  const users = createUsersRepository(database.db);
  const auth = createAuth({
    secret: config.JWT_SECRET,
    audience: config.JWT_AUDIENCE,
    isAdmin: users.isAdmin,
  });
  return createServiceApp({
    name: 'auth',
    version,
    logger,
    metrics,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: database.ping, redis: redis.ping },
    routers: [createRouter({ users, auth, logger, clock })],
  });
};
