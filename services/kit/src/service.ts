import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { loadConfig, type BaseConfig } from './config';
import { createDatabase, migrate, type Database, type MigrateOptions } from './database';
import { createLogger } from './logger';
import { createRedis, type RedisHandle } from './redis';
import { installShutdown, runMain, serve } from './serve';
import { asUnreachable } from './unreachable';
import { resolveVersion, type VersionInfo } from './version';

export type Infrastructure = { database: Database; redis: RedisHandle; close: () => Promise<void> };

/**
 * What main.ts of a service does before it listens: connect to PostgreSQL and apply the service's
 * migrations (when given), connect to Redis and wait until it is ready. Closes what it opened if a step fails.
 * A server that cannot be reached fails with an UnreachableError: one sentence, which runMain prints alone.
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
  // The last connection error of Redis says why it never became ready.
  let redisError: unknown;
  const onRedisError = (err: unknown) => {
    redisError = err;
  };
  redis.client.on('error', onRedisError);
  try {
    await database.ping().catch((err: unknown) => {
      throw asUnreachable('PostgreSQL', config.DATABASE_URL, err);
    });
    if (migrations) {
      await migrate(database, migrations);
      logger.info({ migrationsTable: migrations.migrationsTable }, 'migrations applied');
    }
    await redis.waitUntilReady(redisReadyTimeoutMs).catch((err: unknown) => {
      throw asUnreachable('Redis', config.REDIS_URL, redisError ?? err);
    });
  } catch (err) {
    await close();
    throw err;
  } finally {
    redis.client.off('error', onRedisError);
  }
  return { database, redis, close };
};

export type ServiceContext<C> = { config: C; logger: Logger; infra: Infrastructure; version: VersionInfo };

/**
 * The whole main.ts of an HTTP service: load and validate its config, connect and migrate, build the app,
 * listen, and stop cleanly on SIGTERM/SIGINT (in-flight requests finish, then the pools close).
 */
export const startHttpService = <S extends z.ZodType<BaseConfig>>(options: {
  name: string;
  configSchema: S;
  migrations?: MigrateOptions;
  createApp: (context: ServiceContext<z.infer<S>>) => RequestListener | Promise<RequestListener>;
}): void =>
  runMain(async () => {
    const config = loadConfig(options.configSchema) as z.infer<S>;
    const logger = createLogger({ name: options.name, level: config.LOG_LEVEL });
    const infra = await connectInfrastructure(config, { logger, migrations: options.migrations });
    const app = await options.createApp({ config, logger, infra, version: resolveVersion() });
    const server = await serve(app, {
      port: config.PORT,
      host: config.HOST,
      logger,
      onClose: infra.close,
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    });
    installShutdown(server, logger);
  });
