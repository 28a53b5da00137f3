import type { PushStage } from '@pitclock/contracts/push';

// The jobs of the notifications queue: what the queue (data-access) enqueues and the worker reads.

export const stepAlertJobName = 'step-alert';

export type HeartbeatJobData = { requestedAt: string };
export type StepAlertJobData = {
  userId: number;
  runId: string;
  stepId: string;
  stageIndex: number;
  stage: PushStage;
  /** The step's due time (ISO) when the job was planned. */
  dueAt: string;
};
export type NotificationJobData = HeartbeatJobData | StepAlertJobData;
