import {
  createServiceApp,
  type Database,
  type Logger,
  type RedisHandle,
  type Registry,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import type { NotifierConfig } from './config';
import { createPushSubscriptionsRepository } from './data-access';
import { createRouter } from './entry-points/http/router';

export type AppDeps = {
  config: Pick<NotifierConfig, 'TRUST_PROXY'>;
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  version: VersionInfo;
  metrics?: Registry;
  clock?: () => Date;
};

/** The notifier's API process. */
export const createApp = ({
  config,
  database,
  redis,
  logger,
  version,
  metrics,
  clock = () => new Date(),
}: AppDeps): Express =>
  createServiceApp({
    name: 'notifier',
    version,
    logger,
    metrics,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: database.ping, redis: redis.ping },
    routers: [createRouter({ subscriptions: createPushSubscriptionsRepository(database.db), logger, clock })],
  });
