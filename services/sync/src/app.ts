import { SYNC_LIMITS } from '@pitclock/contracts/schemas';
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
import type { SyncAppConfig } from './config';
import { createPokeChannel, createRecordsRepository, createTeamsRepository } from './data-access';
import { createLiveUpdates, type LiveUpdates } from './application/live-updates';
import type { TeamLimits } from './application/teams';
import { createRouter } from './entry-points/http/router';

/**
 * The largest request body: a push of SYNC_LIMITS.mutationsPerPush ordinary mutations fits many times
 * over; a device whose outbox holds bigger ones sends fewer per push.
 */
export const PUSH_BODY_LIMIT = '2mb';

export type LiveUpdatesOptions = {
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  config: Pick<SyncAppConfig, 'REDIS_KEY_PREFIX'>;
};

/**
 * The pokes of one instance: its Redis subscriber starts at the first event stream. The caller ends the
 * streams and closes it (main.ts at shutdown).
 */
export const createInstanceLiveUpdates = ({ database, redis, logger, config }: LiveUpdatesOptions) => {
  const teams = createTeamsRepository(database.db);
  return createLiveUpdates({
    channel: (hear) => createPokeChannel({ redis, prefix: config.REDIS_KEY_PREFIX, logger, onMessage: hear }),
    teamIdsOf: teams.teamIdsOf,
    logger,
  });
};

export type AppDeps = {
  config: SyncAppConfig;
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  version: VersionInfo;
  metrics?: Registry;
  clock?: () => Date;
  /** This instance's pokes; one is made when omitted (and then never closed: tests of the probes). */
  live?: LiveUpdates;
  /** Team limits other than SYNC_LIMITS (tests of a full team). */
  limits?: TeamLimits;
  recordsPerPull?: number;
};

export const createApp = ({
  config,
  database,
  redis,
  logger,
  version,
  metrics,
  clock = () => new Date(),
  live = createInstanceLiveUpdates({ database, redis, logger, config }),
  limits,
  recordsPerPull = SYNC_LIMITS.recordsPerPull,
}: AppDeps): Express => {
  // A token issued before its user was deleted or re-roled (auth bumps the generation) is refused at once.
  const auth = createAuth({
    secret: config.JWT_SECRET,
    audience: config.JWT_AUDIENCE,
    generations: createTokenGenerations(redis.client, config.REDIS_KEY_PREFIX),
  });
  const teams = createTeamsRepository(database.db);
  const router = createRouter({
    records: createRecordsRepository(database.db),
    teams,
    live,
    logger,
    clock,
    limits,
    recordsPerPull,
    inviteTtlHours: config.TEAM_INVITE_TTL_HOURS,
    heartbeatMs: config.SYNC_HEARTBEAT_MS,
    requireUser: auth.requireAuth,
  });
  return createServiceApp({
    name: 'sync',
    version,
    logger,
    metrics,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: database.ping, redis: redis.ping },
    // 500 mutations of a few hundred bytes each, with room to spare (see PUSH_BODY_LIMIT).
    jsonLimit: PUSH_BODY_LIMIT,
    routers: [router],
  });
};
