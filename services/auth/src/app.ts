import {
  createAuth,
  createServiceApp,
  createTokenGenerations,
  type Database,
  type Logger,
  type RedisHandle,
  type Registry,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import type { AuthAppConfig } from './config';
import {
  createAccountAuditRepository,
  createRefreshTokensRepository,
  createRegistrationsRepository,
  createSignupEventsRepository,
  createUsersRepository,
} from './data-access';
import { createPasswordHasher, type PasswordHasher } from './domain/passwords';
import { createAuthRateLimits } from './application/rate-limits';
import { createRouter } from './entry-points/http/router';

export type AppDeps = {
  config: AuthAppConfig;
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  version: VersionInfo;
  metrics?: Registry;
  clock?: () => Date;
  /** argon2id by default; tests may wrap it to observe calls. */
  passwords?: PasswordHasher;
};

export const createApp = ({
  config,
  database,
  redis,
  logger,
  version,
  metrics,
  clock = () => new Date(),
  passwords = createPasswordHasher(),
}: AppDeps): Express => {
  const users = createUsersRepository(database.db);
  // Under the client's key prefix, REDIS_KEY_PREFIX, which licensing and the notifier share: a bump here
  // ends the user's tokens on every service.
  const generations = createTokenGenerations(redis.client, redis.client.options.keyPrefix ?? '');
  const auth = createAuth({
    secret: config.JWT_SECRET,
    audience: config.JWT_AUDIENCE,
    isAdmin: users.isAdmin,
    generations,
  });
  const router = createRouter({
    users,
    registrations: createRegistrationsRepository(database.db),
    refreshTokens: createRefreshTokensRepository(database.db),
    signupEvents: createSignupEventsRepository(database.db),
    accountAudit: createAccountAuditRepository(database.db),
    passwords,
    limits: createAuthRateLimits(redis.client, config),
    generations,
    auth,
    logger,
    clock,
    config,
  });
  return createServiceApp({
    name: 'auth',
    version,
    logger,
    metrics,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: database.ping, redis: redis.ping },
    routers: [router],
  });
};
