import type { Database } from '@pitclock/kit';
import { createGroupBatcher, type GroupBatcherOptions } from './group-batcher';
import type { DeliveryResult } from './schema';

/**
 * The worker's per-push data access in plain pg statements (at most 2 round trips per job, shared by the
 * jobs that run at once): the drizzle repositories stay for the API routes. The record statement is a
 * named prepared statement (parsed once per connection); the load statement is planned at every call,
 * see loadText.
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
  locale: string | null;
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

// Keys are batched (createGroupBatcher): each row carries its key's position in the batch; a key gives one
// row per subscription of the user (or one with no subscription), none when the step is not stored.
// Not a named prepared statement: PostgreSQL would keep the generic plan it made while push_deliveries
// was nearly empty (a hashed EXISTS that reads every 'sent' row) until an ANALYZE of the table, so in a
// database whose table grows fast before autovacuum analyses it (a new one, as in the benchmark) each
// load read the whole table: 0.75 ms of PostgreSQL CPU per push instead of 0.12. Planned at every call,
// the plan follows the table's size (a per-row probe of push_deliveries_accepted_unique).

const loadText = `
select k.position, st.name, st.template_name, st.scheduled_at, st.done, st.dismissed,
       sc.contest_id, sc.contest_name, sc.time_zone, sc.locale,
       sub.id, sub.endpoint, sub.p256dh, sub.auth,
       exists (
         select 1 from push_deliveries d
         where d.user_id = k.user_id and d.run_id = k.run_id and d.step_id = k.step_id
           and d.stage_index = k.stage_index and d.due_at = k.due_at
           and d.result = 'sent' and d.subscription_id = sub.id
       ) as accepted
from unnest($1::int[], $2::text[], $3::text[], $4::smallint[], $5::timestamptz[])
  with ordinality as k(user_id, run_id, step_id, stage_index, due_at, position)
join push_schedule_steps st on st.user_id = k.user_id and st.run_id = k.run_id and st.step_id = k.step_id
join push_schedules sc on sc.user_id = k.user_id and sc.run_id = k.run_id
left join push_subscriptions sub on sub.user_id = k.user_id
order by k.position, sub.id`;

type LoadRow = {
  position: string;
  name: string;
  template_name: string | null;
  scheduled_at: Date;
  done: boolean;
  dismissed: boolean;
  contest_id: string;
  contest_name: string;
  time_zone: string | null;
  locale: string | null;
  id: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  accepted: boolean;
};

// The rows of a batch of jobs in one statement. Two jobs of one user (several steps due at once, a team's
// phones on one account) update the same subscriptions, in one batch or in two running at once: 'locked'
// takes their row locks in id order, and the delete and the update touch only rows it locked, so every
// statement locks in increasing id order and two never deadlock (push_deliveries has no foreign key to
// push_subscriptions: its inserts lock nothing there). A subscription that one row of the batch finds gone
// is deleted and not marked. The marks only move forward (greatest ignores nulls): batches that commit out
// of order, as they do under load, still leave each subscription with its latest answer.
const recordText = `
with attempt as (
  select *
  from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::timestamptz[], $7::text[],
              $8::int[], $9::timestamptz[], $10::text[], $11::int[], $12::text[])
    with ordinality as a(user_id, run_id, step_id, stage, stage_index, due_at, job_id,
                         subscription_id, sent_at, result, status_code, endpoint, position)
),
recorded as (
  insert into push_deliveries
    (user_id, run_id, step_id, stage, stage_index, due_at, job_id, subscription_id, sent_at, result, status_code)
  select user_id, run_id, step_id, stage, stage_index, due_at, job_id, subscription_id, sent_at, result,
         status_code
  from attempt
  order by position
  on conflict do nothing
),
locked as (
  select id from push_subscriptions
  where id in (select subscription_id from attempt where result in ('sent', 'failed', 'retry', 'gone'))
  order by id
  for update
),
gone as (
  delete from push_subscriptions sub
  using attempt a
  where sub.id = a.subscription_id and sub.endpoint = a.endpoint and a.result = 'gone'
    and sub.id in (select id from locked)
  returning sub.id
),
effect as (
  select subscription_id as id,
         max(sent_at) filter (where result = 'sent') as success_at,
         max(sent_at) filter (where result in ('failed', 'retry')) as failure_at
  from attempt a
  where result in ('sent', 'failed', 'retry')
    and not exists (select 1 from gone where gone.id = a.subscription_id)
  group by subscription_id
)
update push_subscriptions sub
set last_success_at = greatest(effect.success_at, sub.last_success_at),
    last_failure_at = greatest(effect.failure_at, sub.last_failure_at)
from effect
where sub.id = effect.id and sub.id in (select id from locked)`;

type Recording = { key: StepAlertKey; rows: AlertAttemptRow[] };

const loadBatch = async (database: Pick<Database, 'pool'>, keys: StepAlertKey[]) => {
  const { rows } = await database.pool.query<LoadRow>({
    text: loadText,
    values: [
      keys.map((key) => key.userId),
      keys.map((key) => key.runId),
      keys.map((key) => key.stepId),
      keys.map((key) => key.stageIndex),
      keys.map((key) => key.dueAt),
    ],
  });
  const loads: (StepAlertLoad | undefined)[] = keys.map(() => undefined);
  for (const row of rows) {
    const index = Number(row.position) - 1;
    const load = (loads[index] ??= { step: storedStep(row), todo: [], accepted: 0 });
    if (row.id === null) continue;
    if (row.accepted) load.accepted += 1;
    else load.todo.push({ id: row.id, endpoint: row.endpoint!, p256dh: row.p256dh!, auth: row.auth! });
  }
  return loads;
};

const storedStep = (row: LoadRow): StoredStepAlert => ({
  name: row.name,
  templateName: row.template_name,
  contestId: row.contest_id,
  contestName: row.contest_name,
  timeZone: row.time_zone,
  locale: row.locale,
  scheduledAt: row.scheduled_at,
  done: row.done,
  dismissed: row.dismissed,
});

const recordBatch = async (database: Pick<Database, 'pool'>, recordings: Recording[]) => {
  const rows = recordings.flatMap(({ key, rows }) => rows.map((row) => ({ key, row })));
  const column = <T>(pick: (entry: (typeof rows)[number]) => T) => rows.map(pick);
  await database.pool.query({
    name: 'notifier-step-alert-record',
    text: recordText,
    values: [
      column(({ key }) => key.userId),
      column(({ key }) => key.runId),
      column(({ key }) => key.stepId),
      column(({ key }) => key.stage),
      column(({ key }) => key.stageIndex),
      column(({ key }) => key.dueAt),
      column(({ key }) => key.jobId),
      column(({ row }) => row.subscription?.id ?? null),
      column(({ row }) => row.sentAt),
      column(({ row }) => row.result),
      column(({ row }) => (row.subscription ? row.statusCode : null)),
      column(({ row }) => row.subscription?.endpoint ?? null),
    ],
  });
  return recordings.map(() => undefined);
};

/**
 * The jobs of a worker process share the store: the loads and records that arrive while one is running
 * go together in the next statement (group commit), so a busy worker makes a few round trips and commits
 * for many pushes, and an idle one sends each at once.
 */
export const createStepAlertStore = (
  database: Pick<Database, 'pool'>,
  batching: GroupBatcherOptions = { maxInFlight: 2, maxBatch: 200 },
): StepAlertStore => {
  const load = createGroupBatcher((keys: StepAlertKey[]) => loadBatch(database, keys), batching);
  const record = createGroupBatcher((recordings: Recording[]) => recordBatch(database, recordings), batching);
  return {
    load,
    record: async (key, rows) => {
      if (rows.length > 0) await record({ key, rows });
    },
  };
};
