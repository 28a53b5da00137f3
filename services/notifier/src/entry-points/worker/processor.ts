import type { Logger } from '@pitclock/kit';
import type { Job } from 'bull';
import {
  stepAlertJobName,
  type HeartbeatJobData,
  type HeartbeatStore,
  type NotificationJobData,
  type StepAlertJobData,
} from '../../data-access';
import type { StepAlertJobResult } from './step-alert-job';

export type ProcessorDeps = {
  heartbeats: HeartbeatStore;
  stepAlert: (job: Job<StepAlertJobData>) => Promise<StepAlertJobResult>;
  logger: Logger;
  clock: () => Date;
};

export type JobResult = { type: 'heartbeat'; count: number; at: string } | StepAlertJobResult;

/** Handles every job of the notifications queue by its name; an unknown name fails the job. */
export const createJobProcessor =
  ({ heartbeats, stepAlert, logger, clock }: ProcessorDeps) =>
  async (job: Job<NotificationJobData>): Promise<JobResult> => {
    switch (job.name) {
      case 'heartbeat': {
        const at = clock();
        const count = await heartbeats.record(at);
        logger.info(
          { jobId: job.id, count, requestedAt: (job.data as HeartbeatJobData).requestedAt },
          'heartbeat job ran',
        );
        return { type: 'heartbeat', count, at: at.toISOString() };
      }
      case stepAlertJobName:
        return stepAlert(job as Job<StepAlertJobData>);
      default:
        throw new Error(`unknown job type '${job.name}'`);
    }
  };
