import type { Database } from '@pitclock/kit';
import type { DeliveryResult } from './schema';

/**
 * The worker's per-push data access in plain pg named prepared statements (at most 2 round trips per
 * job): the drizzle repositories stay for the API routes. Both statements are parsed once per connection.
 */

/** One step alert: who, which step and stage, due when. */
export type StepAlertKey = {
  userId: number;
  runId: string;
  stepId: string;
  stage: string;
  stageIndex: number;
  dueAt: Date;
  jobId: string;
};

/** What a push needs of a subscription. */
export type AlertSubscription = { id: number; endpoint: string; p256dh: string; auth: string };

/** The stored step with its schedule's fields (the worker re-checks and words the alert with them). */
export type StoredStepAlert = {
  name: string;
  templateName: string | null;
  contestId: string;
  contestName: string;
  timeZone: string | null;
  scheduledAt: Date;
  done: boolean;
  dismissed: boolean;
};

export type StepAlertLoad = {
  step: StoredStepAlert;
  /** The user's subscriptions that have not accepted this alert yet, by id. */
  todo: AlertSubscription[];
  /** How many of the user's subscriptions already accepted it (a retried or re-run job skips them). */
  accepted: number;
};

/** One row of push_deliveries: an attempt (subscription set) or a job that sent nothing (cancelled, expired). */
export type AlertAttemptRow =
  | {
      subscription: Pick<AlertSubscription, 'id' | 'endpoint'>;
      result: Extract<DeliveryResult, 'sent' | 'gone' | 'failed' | 'retry'>;
      sentAt: Date;
      statusCode: number | null;
    }
  | { subscription?: undefined; result: Extract<DeliveryResult, 'cancelled' | 'expired'>; sentAt: Date };

export type StepAlertStore = {
  /** The stored step and the user's subscriptions that still need the alert; undefined when no such step. */
  load: (key: StepAlertKey) => Promise<StepAlertLoad | undefined>;
  /**
   * Records the rows in one statement (a second 'sent' row of one subscription and alert is ignored: the
   * partial unique index) and keeps the subscriptions' state: 'sent' sets last_success_at, 'failed' and
   * 'retry' set last_failure_at (at the row's sent_at), 'gone' deletes the subscription (id and endpoint).
   */
  record: (key: StepAlertKey, rows: AlertAttemptRow[]) => Promise<void>;
};

const loadText = `
with step as (
  select st.name, st.template_name, st.scheduled_at, st.done, st.dismissed,
         sc.contest_id, sc.contest_name, sc.time_zone
  from push_schedule_steps st
  join push_schedules sc on sc.user_id = st.user_id and sc.run_id = st.run_id
  where st.user_id = $1::int and st.run_id = $2::text and st.step_id = $3::text
),
subscription as (
  select sub.id, sub.endpoint, sub.p256dh, sub.auth,
         exists (
           select 1 from push_deliveries d
           where d.user_id = $1::int and d.run_id = $2::text and d.step_id = $3::text
             and d.stage_index = $4::smallint and d.due_at = $5::timestamptz
             and d.result = 'sent' and d.subscription_id = sub.id
         ) as accepted
  from push_subscriptions sub
  where sub.user_id = $1::int
),
accepted as (select count(*)::int as n from subscription where accepted)
select step.*, accepted.n as accepted, todo.id, todo.endpoint, todo.p256dh, todo.auth
from step
cross join accepted
left join subscription todo on not todo.accepted
order by todo.id`;

type LoadRow = {
  name: string;
  template_name: string | null;
  scheduled_at: Date;
  done: boolean;
  dismissed: boolean;
  contest_id: string;
  contest_name: string;
  time_zone: string | null;
  accepted: number;
  id: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
};

// Two jobs of one user (several steps due at once, a team's phones on one account) update the same
// subscriptions: 'locked' takes their row locks in id order first, so that the two never deadlock.
const recordText = `
with attempt as (
  select *
  from unnest($8::int[], $9::timestamptz[], $10::text[], $11::int[], $12::text[])
    with ordinality as a(subscription_id, sent_at, result, status_code, endpoint, position)
),
recorded as (
  insert into push_deliveries
    (user_id, run_id, step_id, stage, stage_index, due_at, job_id, subscription_id, sent_at, result, status_code)
  select $1::int, $2::text, $3::text, $4::text, $5::smallint, $6::timestamptz, $7::text,
         subscription_id, sent_at, result, status_code
  from attempt
  order by position
  on conflict do nothing
),
locked as (
  select id from push_subscriptions
  where id in (select subscription_id from attempt where result in ('sent', 'failed', 'retry'))
  order by id
  for no key update
),
marked as (
  update push_subscriptions sub
  set last_success_at = case when a.result = 'sent' then a.sent_at else sub.last_success_at end,
      last_failure_at = case when a.result in ('failed', 'retry') then a.sent_at else sub.last_failure_at end
  from attempt a
  where sub.id = a.subscription_id and a.result in ('sent', 'failed', 'retry')
    and sub.id in (select id from locked)
),
deleted as (
  delete from push_subscriptions sub
  using attempt a
  where sub.id = a.subscription_id and sub.endpoint = a.endpoint and a.result = 'gone'
)
select 1`;

export const createStepAlertStore = (database: Pick<Database, 'pool'>): StepAlertStore => ({
  load: async ({ userId, runId, stepId, stageIndex, dueAt }) => {
    const { rows } = await database.pool.query<LoadRow>({
      name: 'notifier-step-alert-load',
      text: loadText,
      values: [userId, runId, stepId, stageIndex, dueAt],
    });
    const first = rows[0];
    if (!first) return undefined;
    const todo: AlertSubscription[] = [];
    for (const row of rows) {
      if (row.id !== null)
        todo.push({ id: row.id, endpoint: row.endpoint!, p256dh: row.p256dh!, auth: row.auth! });
    }
    return {
      step: {
        name: first.name,
        templateName: first.template_name,
        contestId: first.contest_id,
        contestName: first.contest_name,
        timeZone: first.time_zone,
        scheduledAt: first.scheduled_at,
        done: first.done,
        dismissed: first.dismissed,
      },
      todo,
      accepted: first.accepted,
    };
  },

  record: async (key, rows) => {
    if (rows.length === 0) return;
    const { userId, runId, stepId, stage, stageIndex, dueAt, jobId } = key;
    await database.pool.query({
      name: 'notifier-step-alert-record',
      text: recordText,
      values: [
        userId,
        runId,
        stepId,
        stage,
        stageIndex,
        dueAt,
        jobId,
        rows.map((row) => row.subscription?.id ?? null),
        rows.map((row) => row.sentAt),
        rows.map((row) => row.result),
        rows.map((row) => (row.subscription ? row.statusCode : null)),
        rows.map((row) => row.subscription?.endpoint ?? null),
      ],
    });
  },
});
