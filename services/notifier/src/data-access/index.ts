import { fileURLToPath } from 'node:url';
import type { MigrateOptions } from '@pitclock/kit';

export { pushSubscriptions, type PushSubscriptionRow } from './schema';
export {
  createPushSubscriptionsRepository,
  type PushSubscriptionsRepository,
} from './push-subscriptions-repository';
export {
  bullPrefix,
  createNotificationsQueue,
  enqueueHeartbeat,
  notificationsQueueName,
  type HeartbeatJobData,
  type NotificationJobData,
  type NotificationsQueue,
} from './queue';
export { createHeartbeatStore, type HeartbeatStore } from './heartbeats';

/** The drizzle-kit migrations of this service and its own migrations table. */
export const migrations: MigrateOptions = {
  migrationsFolder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  migrationsTable: '__drizzle_migrations_notifier',
};
