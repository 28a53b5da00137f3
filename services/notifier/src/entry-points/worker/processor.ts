import type { Job } from 'bull';
import {
  deliverStepAlert,
  type StepAlertAttempt,
  type StepAlertDeps,
  type StepAlertJobResult,
} from '../../application/deliver-step-alert';
import { recordHeartbeat, type HeartbeatDeps, type HeartbeatResult } from '../../application/heartbeat';
import {
  stepAlertJobName,
  type HeartbeatJobData,
  type NotificationJobData,
  type StepAlertJobData,
} from '../../domain/notification-jobs';

export type ProcessorDeps = HeartbeatDeps & {
  /** What a step alert's delivery needs. */
  stepAlert: StepAlertDeps;
};

export type JobResult = HeartbeatResult | StepAlertJobResult;

/** A step-alert job's attempt as the use-case reads it (the job's id, its data, which attempt of how many). */
const attemptOf = (job: Job<StepAlertJobData>): StepAlertAttempt => ({
  data: job.data,
  jobId: String(job.id),
  attemptNumber: job.attemptsMade + 1,
  attempts: job.opts.attempts ?? 1,
});

/** Handles every job of the notifications queue by its name; an unknown name fails the job. */
export const createJobProcessor =
  ({ stepAlert, ...heartbeat }: ProcessorDeps) =>
  async (job: Job<NotificationJobData>): Promise<JobResult> => {
    switch (job.name) {
      case 'heartbeat':
        return recordHeartbeat(heartbeat, {
          jobId: job.id,
          requestedAt: (job.data as HeartbeatJobData).requestedAt,
        });
      case stepAlertJobName:
        return deliverStepAlert(stepAlert, attemptOf(job as Job<StepAlertJobData>));
      default:
        throw new Error(`unknown job type '${job.name}'`);
    }
  };
