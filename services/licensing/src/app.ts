import {
  createServiceApp,
  type Database,
  type Logger,
  type RedisHandle,
  type Registry,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import type { LicensingConfig } from './config';
import { createPromoCodesRepository } from './data-access';
import { createRouter } from './entry-points/http/router';

export type AppDeps = {
  config: Pick<LicensingConfig, 'TRUST_PROXY'>;
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
}: AppDeps): Express =>
  createServiceApp({
    name: 'licensing',
    version,
    logger,
    metrics,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: database.ping, redis: redis.ping },
    routers: [createRouter({ promoCodes: createPromoCodesRepository(database.db), logger, clock })],
  });
