import {
  createServiceApp,
  type Database,
  type Logger,
  type RedisHandle,
  type VersionInfo,
} from '@pitclock/kit';
import type { Express } from 'express';
import { createHeartbeatStore, type NotificationsQueue } from './data-access';
import { consume, type Consumer } from './entry-points/worker/consume';
import { createJobProcessor } from './entry-points/worker/processor';

export type WorkerDeps = {
  queue: NotificationsQueue;
  database: Database;
  redis: RedisHandle;
  logger: Logger;
  version: VersionInfo;
  concurrency: number;
  clock?: () => Date;
};

export type Worker = {
  /** Probes of the worker process: /healthz, /readyz (postgres, redis, queue), /metrics. */
  probeApp: Express;
  /** Starts consuming the queue. */
  start: () => Consumer;
};

/** The notifier's worker process: consumes the notifications queue. Nothing runs until start(). */
export const createWorker = ({
  queue,
  database,
  redis,
  logger,
  version,
  concurrency,
  clock = () => new Date(),
}: WorkerDeps): Worker => {
  const processor = createJobProcessor({ heartbeats: createHeartbeatStore(redis.client), logger, clock });
  const probeApp = createServiceApp({
    name: 'notifier-worker',
    version,
    logger,
    readiness: {
      postgres: database.ping,
      redis: redis.ping,
      queue: async () => {
        if (queue.client.status !== 'ready') throw new Error(`queue connection is ${queue.client.status}`);
        await queue.client.ping();
      },
    },
  });
  return { probeApp, start: () => consume(queue, processor, { concurrency, logger }) };
};
