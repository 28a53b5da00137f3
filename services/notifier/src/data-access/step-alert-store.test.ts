import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useNotifierService } from '../test-support/harness';
import { createStepAlertStore, type StepAlertKey } from './step-alert-store';

const svc = useNotifierService();
const store = () => createStepAlertStore(svc.database());

const dueAt = new Date('2026-03-01T12:00:00.000Z');
const keyOf = (userId: number, runId: string, more: Partial<StepAlertKey> = {}): StepAlertKey => ({
  userId,
  runId,
  stepId: 'inject',
  stage: 'due',
  stageIndex: 0,
  dueAt,
  jobId: `job-${runId}`,
  ...more,
});

const storeStep = async (userId: number, runId: string, timeZone: string | null = 'Europe/Paris') => {
  await svc.query(
    `insert into push_schedules (user_id, run_id, contest_id, contest_name, time_zone)
     values ($1, $2, 'contest-1', 'Smoke-off', $3)`,
    [userId, runId, timeZone],
  );
  await svc.query(
    `insert into push_schedule_steps
       (user_id, run_id, step_id, position, name, template_name, scheduled_at, done, dismissed)
     values ($1, $2, 'inject', 0, 'Inject', 'Brisket', $3, false, true)`,
    [userId, runId, dueAt],
  );
};

let nextEndpoint = 1;
const storeSubscription = async (userId: number) => {
  const endpoint = `https://push.example/${nextEndpoint++}`;
  const [row] = await svc.query<{ id: number }>(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, 'p', 'a') returning id`,
    [userId, endpoint],
  );
  return { id: row!.id, endpoint, p256dh: 'p', auth: 'a' };
};

const sentRow = (key: StepAlertKey, subscriptionId: number, result = 'sent') =>
  svc.query(
    `insert into push_deliveries
       (user_id, run_id, step_id, stage, stage_index, due_at, sent_at, result, subscription_id)
     values ($1, $2, $3, $4, $5, $6, now(), $7, $8)`,
    [key.userId, key.runId, key.stepId, key.stage, key.stageIndex, key.dueAt, result, subscriptionId],
  );

const rowsOf = (userId: number, runId: string) =>
  svc.query(
    `select user_id, run_id, step_id, stage, stage_index, due_at, job_id, subscription_id, sent_at, result,
            status_code
     from push_deliveries where user_id = $1 and run_id = $2 order by id`,
    [userId, runId],
  );

const stateOf = (id: number) =>
  svc.query<{ last_success_at: Date | null; last_failure_at: Date | null }>(
    'select last_success_at, last_failure_at from push_subscriptions where id = $1',
    [id],
  );

describe('step alert store: load', () => {
  it('is undefined when the step is not stored', async () => {
    const cook = await svc.user();
    await storeSubscription(cook.id);
    expect(await store().load(keyOf(cook.id, 'run-none'))).toBeUndefined();
  });

  it('reads the step with its schedule and the subscriptions that have not accepted this alert', async () => {
    const cook = await svc.user();
    const other = await svc.user();
    await storeStep(cook.id, 'run-load');
    const [a, b, c, d] = [
      await storeSubscription(cook.id),
      await storeSubscription(cook.id),
      await storeSubscription(cook.id),
      await storeSubscription(cook.id),
    ];
    await storeSubscription(other.id);
    const key = keyOf(cook.id, 'run-load');
    await sentRow(key, b.id);
    await sentRow(key, d.id);
    // Not acceptances of this alert: another result, another stage, another due time.
    await sentRow(key, a.id, 'retry');
    await sentRow({ ...key, stageIndex: 1 }, c.id);
    await sentRow({ ...key, dueAt: new Date(dueAt.getTime() + 1) }, c.id);

    expect(await store().load(key)).toEqual({
      step: {
        name: 'Inject',
        templateName: 'Brisket',
        contestId: 'contest-1',
        contestName: 'Smoke-off',
        timeZone: 'Europe/Paris',
        locale: null,
        scheduledAt: dueAt,
        done: false,
        dismissed: true,
      },
      todo: [a, c],
      accepted: 2,
    });
  });

  it('reads a step whose user has no subscription, or whose every subscription accepted', async () => {
    const cook = await svc.user();
    await storeStep(cook.id, 'run-empty', null);
    const key = keyOf(cook.id, 'run-empty');
    expect(await store().load(key)).toMatchObject({ step: { timeZone: null }, todo: [], accepted: 0 });
    const only = await storeSubscription(cook.id);
    await sentRow(key, only.id);
    expect(await store().load(key)).toMatchObject({ todo: [], accepted: 1 });
  });
});

describe('step alert store: record', () => {
  it('records a job that sent nothing with no subscription', async () => {
    const cook = await svc.user();
    const key = keyOf(cook.id, 'run-cancelled');
    const at = new Date('2026-03-01T12:00:01.000Z');
    await store().record(key, [{ result: 'cancelled', sentAt: at }]);
    expect(await rowsOf(cook.id, 'run-cancelled')).toEqual([
      {
        user_id: cook.id,
        run_id: 'run-cancelled',
        step_id: 'inject',
        stage: 'due',
        stage_index: 0,
        due_at: dueAt,
        job_id: 'job-run-cancelled',
        subscription_id: null,
        sent_at: at,
        result: 'cancelled',
        status_code: null,
      },
    ]);
  });

  it('records every attempt in order and keeps the subscriptions state in the same statement', async () => {
    const cook = await svc.user();
    const [sent, failed, retry, gone, moved] = [
      await storeSubscription(cook.id),
      await storeSubscription(cook.id),
      await storeSubscription(cook.id),
      await storeSubscription(cook.id),
      await storeSubscription(cook.id),
    ];
    const key = keyOf(cook.id, 'run-record');
    const at = (ms: number) => new Date(dueAt.getTime() + ms);
    await store().record(key, [
      { subscription: sent, result: 'sent', sentAt: at(1), statusCode: 201 },
      { subscription: failed, result: 'failed', sentAt: at(2), statusCode: 400 },
      { subscription: retry, result: 'retry', sentAt: at(3), statusCode: 503 },
      { subscription: gone, result: 'gone', sentAt: at(4), statusCode: 410 },
      // Re-registered with another endpoint meanwhile: a 'gone' of the old endpoint keeps it.
      {
        subscription: { id: moved.id, endpoint: 'https://push.example/old' },
        result: 'gone',
        sentAt: at(5),
        statusCode: 404,
      },
    ]);
    expect(
      (await rowsOf(cook.id, 'run-record')).map((row) => [
        row.subscription_id,
        row.result,
        row.status_code,
        row.sent_at,
        row.job_id,
      ]),
    ).toEqual([
      [sent.id, 'sent', 201, at(1), 'job-run-record'],
      [failed.id, 'failed', 400, at(2), 'job-run-record'],
      [retry.id, 'retry', 503, at(3), 'job-run-record'],
      [gone.id, 'gone', 410, at(4), 'job-run-record'],
      [moved.id, 'gone', 404, at(5), 'job-run-record'],
    ]);
    expect(await stateOf(sent.id)).toEqual([{ last_success_at: at(1), last_failure_at: null }]);
    expect(await stateOf(failed.id)).toEqual([{ last_success_at: null, last_failure_at: at(2) }]);
    expect(await stateOf(retry.id)).toEqual([{ last_success_at: null, last_failure_at: at(3) }]);
    expect(await stateOf(gone.id)).toEqual([]);
    expect(await stateOf(moved.id)).toHaveLength(1);
  });

  it('ignores a second sent row of one subscription and alert, but still marks the success', async () => {
    const cook = await svc.user();
    const subscription = await storeSubscription(cook.id);
    const key = keyOf(cook.id, 'run-dup');
    const first = new Date(dueAt.getTime() + 10);
    const second = new Date(dueAt.getTime() + 20);
    await store().record(key, [{ subscription, result: 'sent', sentAt: first, statusCode: 201 }]);
    await store().record({ ...key, jobId: 'job-again' }, [
      { subscription, result: 'sent', sentAt: second, statusCode: 201 },
    ]);
    expect((await rowsOf(cook.id, 'run-dup')).map((row) => [row.result, row.sent_at])).toEqual([
      ['sent', first],
    ]);
    expect(await stateOf(subscription.id)).toEqual([{ last_success_at: second, last_failure_at: null }]);
    // Another stage of the same step is another alert.
    await store().record({ ...key, stage: 'overdue-1', stageIndex: 1 }, [
      { subscription, result: 'sent', sentAt: second, statusCode: 201 },
    ]);
    expect(await rowsOf(cook.id, 'run-dup')).toHaveLength(2);
  });

  it('does nothing for no rows', async () => {
    const cook = await svc.user();
    await store().record(keyOf(cook.id, 'run-nothing'), []);
    expect(await rowsOf(cook.id, 'run-nothing')).toEqual([]);
  });
});

describe('step alert store: jobs running at once', () => {
  it('answers each load of a batch with its own step and subscriptions', async () => {
    const [cook, pitmaster, nobody] = [await svc.user(), await svc.user(), await svc.user()];
    await storeStep(cook.id, 'run-a');
    await storeStep(pitmaster.id, 'run-b', null);
    const [mine, theirs] = [await storeSubscription(cook.id), await storeSubscription(pitmaster.id)];
    const shared = store();
    const [a, missing, b] = await Promise.all([
      shared.load(keyOf(cook.id, 'run-a')),
      shared.load(keyOf(nobody.id, 'run-a')),
      shared.load(keyOf(pitmaster.id, 'run-b')),
    ]);
    expect(a).toMatchObject({ step: { timeZone: 'Europe/Paris' }, todo: [mine], accepted: 0 });
    expect(missing).toBeUndefined();
    expect(b).toMatchObject({ step: { timeZone: null }, todo: [theirs], accepted: 0 });
  });

  it('records the rows of every job of a batch and marks a shared subscription with the latest answer', async () => {
    const cook = await svc.user();
    const phone = await storeSubscription(cook.id);
    const lost = await storeSubscription(cook.id);
    const at = (ms: number) => new Date(dueAt.getTime() + ms);
    const shared = store();
    await Promise.all(
      ['inject', 'wrap', 'rest', 'slice'].map((stepId, i) =>
        shared.record(keyOf(cook.id, 'run-batch', { stepId, jobId: `job-${stepId}` }), [
          {
            subscription: phone,
            result: i === 1 ? 'retry' : 'sent',
            sentAt: at(10 * (i + 1)),
            statusCode: 201,
          },
          // One job finds the lost phone gone while another had it accept: it is deleted, not marked.
          { subscription: lost, result: i === 3 ? 'gone' : 'sent', sentAt: at(i), statusCode: 201 },
        ]),
      ),
    );
    const rows = await rowsOf(cook.id, 'run-batch');
    expect(rows.map((row) => [row.step_id, row.subscription_id, row.result])).toEqual(
      expect.arrayContaining([
        ['inject', phone.id, 'sent'],
        ['wrap', phone.id, 'retry'],
        ['rest', phone.id, 'sent'],
        ['slice', phone.id, 'sent'],
        ['slice', lost.id, 'gone'],
      ]),
    );
    expect(rows).toHaveLength(8);
    expect(await stateOf(phone.id)).toEqual([{ last_success_at: at(40), last_failure_at: at(20) }]);
    expect(await stateOf(lost.id)).toEqual([]);
  });

  it('keeps the latest answer when an older batch commits after a newer one', async () => {
    const cook = await svc.user();
    const phone = await storeSubscription(cook.id);
    const at = (ms: number) => new Date(dueAt.getTime() + ms);
    const shared = store();
    const record = (stepId: string, result: 'sent' | 'retry', ms: number) =>
      shared.record(keyOf(cook.id, 'run-order', { stepId, jobId: `job-${stepId}` }), [
        { subscription: phone, result, sentAt: at(ms), statusCode: 201 },
      ]);
    await record('newer-sent', 'sent', 50);
    await record('newer-retry', 'retry', 40);
    await record('older-sent', 'sent', 10);
    await record('older-retry', 'retry', 5);
    expect(await stateOf(phone.id)).toEqual([{ last_success_at: at(50), last_failure_at: at(40) }]);
  });

  it('probes push_deliveries per key after the table grew since its first loads, never reading all of it', async () => {
    const cook = await svc.user();
    const key = keyOf(cook.id, 'run-growth');
    await storeStep(cook.id, 'run-growth');
    const phone = await storeSubscription(cook.id);
    // One connection, so that a cached plan of the first loads would serve the last one.
    const connection = new pg.Pool({ connectionString: svc.databaseUrl(), max: 1 });
    try {
      const single = createStepAlertStore({ pool: connection });
      for (let i = 0; i < 8; i += 1) await single.load(key);
      await svc.query(
        `insert into push_deliveries
           (user_id, run_id, step_id, stage, stage_index, due_at, sent_at, result, subscription_id)
         select $1, 'other-run', 'step-' || n, 'due', 0, $2, now(), 'sent', $3
         from generate_series(1, 5000) as n`,
        [cook.id, dueAt, phone.id],
      );
      const indexTuplesRead = async () => {
        const [row] = await svc.query<{ read: string }>(
          `select idx_tup_read::text as read from pg_stat_user_indexes
           where indexrelname = 'push_deliveries_accepted_unique'`,
        );
        return Number(row!.read);
      };
      const flushConnectionStats = async () => {
        await connection.query('select pg_stat_force_next_flush()');
        await connection.query('select 1');
      };
      await flushConnectionStats();
      const before = await indexTuplesRead();
      const loaded = await single.load(key);
      await flushConnectionStats();
      expect(loaded?.todo.map((subscription) => subscription.id)).toEqual([phone.id]);
      // A plan cached while the table was empty reads every 'sent' row (a hashed EXISTS): 5,000 here.
      expect((await indexTuplesRead()) - before).toBeLessThan(100);
    } finally {
      await connection.end();
    }
  });
});
