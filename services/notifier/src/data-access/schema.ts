import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// User ids are the auth service's users.id; this service never reads auth's tables, so they are plain
// integers here (no foreign key across services).

const instant = (name: string) => timestamp(name, { withTimezone: true });

/** A browser's Web Push subscription. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    deviceId: text('device_id'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSuccessAt: instant('last_success_at'),
    lastFailureAt: instant('last_failure_at'),
  },
  (table) => [index('push_subscriptions_user_id_idx').on(table.userId)],
);

/** A run's schedule as the app last sent it: the source of truth the worker re-checks before each push. */
export const pushSchedules = pgTable(
  'push_schedules',
  {
    userId: integer('user_id').notNull(),
    runId: text('run_id').notNull(),
    contestId: text('contest_id').notNull(),
    contestName: text('contest_name').notNull(),
    /** IANA zone of the 'due HH:MM' in the alert body; null: UTC. */
    timeZone: text('time_zone'),
    /** BCP 47 locale the 'due' time of the alert body is written in; null: 24-hour HH:MM. */
    locale: text('locale'),
    /**
     * The sync service's team the run's cook-off is shared with: every member holds a copy of the run's
     * schedule with this team_id, and a change by one member (PUT, DELETE, dismiss) applies to all copies.
     * Null: the user's own run.
     */
    teamId: uuid('team_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'push_schedules_pkey', columns: [table.userId, table.runId] }),
    // The copies of a team's run.
    index('push_schedules_team_run_idx')
      .on(table.teamId, table.runId)
      .where(sql`${table.teamId} is not null`),
  ],
);

/** The steps of a stored schedule (replaced as a whole by each PUT). */
export const pushScheduleSteps = pgTable(
  'push_schedule_steps',
  {
    userId: integer('user_id').notNull(),
    runId: text('run_id').notNull(),
    stepId: text('step_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    templateName: text('template_name'),
    scheduledAt: instant('scheduled_at').notNull(),
    done: boolean('done').notNull(),
    dismissed: boolean('dismissed').notNull(),
  },
  (table) => [
    primaryKey({ name: 'push_schedule_steps_pkey', columns: [table.userId, table.runId, table.stepId] }),
    foreignKey({
      name: 'push_schedule_steps_schedule_fk',
      columns: [table.userId, table.runId],
      foreignColumns: [pushSchedules.userId, pushSchedules.runId],
    }).onDelete('cascade'),
    // A user's pending steps by time: how push_replace_schedule counts the user's runs with alerts ahead.
    index('push_schedule_steps_pending_idx')
      .on(table.userId, table.scheduledAt, table.runId)
      .where(sql`not ${table.done} and not ${table.dismissed}`),
  ],
);

export const deliveryResults = ['sent', 'gone', 'failed', 'retry', 'expired', 'cancelled'] as const;
export type DeliveryResult = (typeof deliveryResults)[number];

/**
 * One row per push attempt to a subscription (sent, gone, failed, retry) and per job that sent nothing
 * (expired, cancelled: subscription_id null). subscription_id is kept after the subscription is deleted.
 * At most one 'sent' row per subscription and alert: a retried or re-run job skips the subscriptions
 * that already accepted it.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    runId: text('run_id').notNull(),
    stepId: text('step_id').notNull(),
    stage: text('stage').notNull(),
    /** 0: due-now, 1-4: the overdue reminders. */
    stageIndex: smallint('stage_index').notNull(),
    subscriptionId: integer('subscription_id'),
    dueAt: instant('due_at').notNull(),
    /** When the attempt was made (for 'sent', when the push service accepted it). */
    sentAt: instant('sent_at').notNull(),
    result: text('result', { enum: deliveryResults }).notNull(),
    statusCode: integer('status_code'),
    jobId: text('job_id'),
  },
  (table) => [
    uniqueIndex('push_deliveries_accepted_unique')
      .on(table.userId, table.runId, table.stepId, table.stageIndex, table.dueAt, table.subscriptionId)
      .where(sql`${table.result} = 'sent'`),
    index('push_deliveries_step_idx').on(table.userId, table.runId, table.stepId),
    check(
      'push_deliveries_result_known',
      sql`${table.result} in ('sent', 'gone', 'failed', 'retry', 'expired', 'cancelled')`,
    ),
  ],
);

/** The VAPID key pair generated at the first start when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are unset. */
export const vapidKeys = pgTable('vapid_keys', {
  publicKey: text('public_key').primaryKey(),
  privateKey: text('private_key').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushScheduleRow = typeof pushSchedules.$inferSelect;
export type PushScheduleStepRow = typeof pushScheduleSteps.$inferSelect;
export type PushDeliveryRow = typeof pushDeliveries.$inferSelect;
export type NewPushDelivery = typeof pushDeliveries.$inferInsert;
export type VapidKeyRow = typeof vapidKeys.$inferSelect;
