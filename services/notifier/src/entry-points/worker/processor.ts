import type { Logger } from '@pitclock/kit';
import type { Job } from 'bull';
import type { HeartbeatStore, NotificationJobData } from '../../data-access';

export type ProcessorDeps = { heartbeats: HeartbeatStore; logger: Logger; clock: () => Date };

export type JobResult = { type: 'heartbeat'; count: number; at: string };

/** Handles every job of the notifications queue by its name; an unknown name fails the job. */
export const createJobProcessor =
  ({ heartbeats, logger, clock }: ProcessorDeps) =>
  async (job: Job<NotificationJobData>): Promise<JobResult> => {
    switch (job.name) {
      case 'heartbeat': {
        const at = clock();
        const count = await heartbeats.record(at);
        logger.info({ jobId: job.id, count, requestedAt: job.data.requestedAt }, 'heartbeat job ran');
        return { type: 'heartbeat', count, at: at.toISOString() };
      }
      default:
        throw new Error(`unknown job type '${job.name}'`);
    }
  };
