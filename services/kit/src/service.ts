import type { Logger } from 'pino';
import type { BaseConfig } from './config';
import { createDatabase, migrate, type Database, type MigrateOptions } from './database';
import { createRedis, type RedisHandle } from './redis';

export type Infrastructure = { database: Database; redis: RedisHandle; close: () => Promise<void> };

/**
 * What main.ts of a service does before it listens: connect to PostgreSQL and apply the service's
 * migrations (when given), connect to Redis and wait until it is ready. Closes what it opened if a step fails.
 */
export const connectInfrastructure = async (
  config: Pick<BaseConfig, 'DATABASE_URL' | 'REDIS_URL' | 'REDIS_KEY_PREFIX'>,
  {
    logger,
    migrations,
    redisReadyTimeoutMs = 10_000,
  }: { logger: Logger; migrations?: MigrateOptions; redisReadyTimeoutMs?: number },
): Promise<Infrastructure> => {
  const database = createDatabase(config.DATABASE_URL, { logger });
  const redis = createRedis(config.REDIS_URL, { keyPrefix: config.REDIS_KEY_PREFIX, logger });
  const close = async () => {
    await Promise.allSettled([redis.close(), database.close()]);
  };
  try {
    if (migrations) {
      await migrate(database, migrations);
      logger.info({ migrationsTable: migrations.migrationsTable }, 'migrations applied');
    }
    await redis.waitUntilReady(redisReadyTimeoutMs);
  } catch (err) {
    await close();
    throw err;
  }
  return { database, redis, close };
};
