import { fileURLToPath } from 'node:url';
import type { MigrateOptions } from '@pitclock/kit';

export {
  deliveryResults,
  pushDeliveries,
  pushSchedules,
  pushScheduleSteps,
  pushSubscriptions,
  vapidKeys,
  type DeliveryResult,
  type NewPushDelivery,
  type PushDeliveryRow,
  type PushScheduleRow,
  type PushScheduleStepRow,
  type PushSubscriptionRow,
  type VapidKeyRow,
} from './schema';
export {
  createPushSubscriptionsRepository,
  type NewSubscription,
  type PushSubscriptionsRepository,
} from './push-subscriptions-repository';
export {
  createSchedulesRepository,
  type DismissedCopy,
  type PendingRun,
  type RunCopy,
  type RunsLimit,
  type ScheduleInput,
  type SchedulesRepository,
  type StepAlertSource,
  type StoredStep,
  type TeamReplaceResult,
  type TeamScheduleInput,
} from './schedules-repository';
export {
  createSyncTeamsClient,
  SyncUnavailableError,
  type SyncTeamsClient,
  type TeamLookup,
} from './sync-teams-client';
export { createQueuePlanMarker, type QueuePlanMarker } from './queue-plan-marker';
export { createRunLocks, RunLockTimeoutError, type RunLocks } from './run-locks';
export { createRunPlanMarks, type RunPlanMarks } from './run-plan-marks';
export {
  createDeliveriesRepository,
  type AlertKey,
  type DeliveriesRepository,
} from './deliveries-repository';
export {
  createStepAlertStore,
  type AlertAttemptRow,
  type AlertSubscription,
  type StepAlertKey,
  type StepAlertLoad,
  type StepAlertStore,
  type StoredStepAlert,
} from './step-alert-store';
export {
  createVapidKeysRepository,
  type VapidKeyPair,
  type VapidKeysRepository,
} from './vapid-keys-repository';
export {
  bullPrefix,
  createNotificationsQueue,
  createStepAlertJobs,
  enqueueHeartbeat,
  notificationsQueueName,
  pushRetryBackoff,
  readEvictionPolicy,
  RetryLaterError,
  stepAlertJobName,
  type HeartbeatJobData,
  type NotificationJobData,
  type NotificationsQueue,
  type ProcessingSettings,
  type StepAlertJobData,
  type StepAlertJobs,
} from './queue';
export {
  createWebPushClient,
  VAPID_HEADER_REUSE_MS,
  VAPID_JWT_LIFETIME_SECONDS,
  type PushMessage,
  type PushResponse,
  type PushTarget,
  type WebPushClient,
  type WebPushClientOptions,
} from './web-push-client';
export { createHeartbeatStore, type HeartbeatStore } from './heartbeats';

/** The drizzle-kit migrations of this service and its own migrations table. */
export const migrations: MigrateOptions = {
  migrationsFolder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  migrationsTable: '__drizzle_migrations_notifier',
};

/** The tables this service owns (its migrations create exactly these in public). */
export const ownedTables = [
  'push_deliveries',
  'push_schedule_steps',
  'push_schedules',
  'push_subscriptions',
  'vapid_keys',
] as const;
