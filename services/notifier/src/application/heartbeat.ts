import type { Logger } from '@pitclock/kit';
import type { HeartbeatStore } from '../data-access';

export type HeartbeatDeps = { heartbeats: HeartbeatStore; logger: Logger; clock: () => Date };

export type HeartbeatResult = { type: 'heartbeat'; count: number; at: string };

/** Records that a worker ran a heartbeat job (a probe of the queue path); answers the count so far. */
export const recordHeartbeat = async (
  { heartbeats, logger, clock }: HeartbeatDeps,
  job: { jobId: string | number; requestedAt: string },
): Promise<HeartbeatResult> => {
  const at = clock();
  const count = await heartbeats.record(at);
  logger.info({ jobId: job.jobId, count, requestedAt: job.requestedAt }, 'heartbeat job ran');
  return { type: 'heartbeat', count, at: at.toISOString() };
};
