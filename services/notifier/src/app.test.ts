import { describeServiceBasics, testRedisPrefix } from '@pitclock/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import {
  createNotificationsQueue,
  createPushSubscriptionsRepository,
  migrations,
  ownedTables,
  type NotificationsQueue,
} from './data-access';
import { testConfig } from './test-support/harness';

const prefix = testRedisPrefix();
let queue: NotificationsQueue | undefined;
const sharedQueue = () => (queue ??= createNotificationsQueue(prefix.url, { keyPrefix: prefix.prefix }));

afterAll(async () => {
  await queue?.close();
  await prefix.cleanup();
});

const ctx = describeServiceBasics({
  service: 'notifier',
  migrations,
  tables: [...ownedTables],
  postPath: '/api/push/subscribe',
  // The token generations live under the service's REDIS_KEY_PREFIX, the keyPrefix of its Redis client.
  createApp: (deps) =>
    createApp({
      ...deps,
      queue: sharedQueue(),
      config: testConfig({ REDIS_KEY_PREFIX: deps.redis.client.options.keyPrefix || 'pitclock:' }),
    }),
});

const columnsOf = async (table: string) =>
  (
    await ctx.database().pool.query(
      `select column_name, data_type, is_nullable from information_schema.columns
         where table_name = $1 order by ordinal_position`,
      [table],
    )
  ).rows.map((c) => [c.column_name, c.data_type, c.is_nullable]);

const indexesOf = async (table: string) =>
  (
    await ctx
      .database()
      .pool.query(`select indexname from pg_indexes where tablename = $1 order by indexname`, [table])
  ).rows.map((row) => row.indexname);

describe('notifier: tables of the migrations', () => {
  it('push_subscriptions has the columns of the first migration, a unique endpoint and a user index', async () => {
    expect(await columnsOf('push_subscriptions')).toEqual([
      ['id', 'integer', 'NO'],
      ['user_id', 'integer', 'NO'],
      ['device_id', 'text', 'YES'],
      ['endpoint', 'text', 'NO'],
      ['p256dh', 'text', 'NO'],
      ['auth', 'text', 'NO'],
      ['created_at', 'timestamp with time zone', 'NO'],
      ['last_success_at', 'timestamp with time zone', 'YES'],
      ['last_failure_at', 'timestamp with time zone', 'YES'],
    ]);
    expect(await indexesOf('push_subscriptions')).toEqual([
      'push_subscriptions_endpoint_unique',
      'push_subscriptions_pkey',
      'push_subscriptions_user_id_idx',
    ]);
  });

  it('listByUser returns only that user’s subscriptions', async () => {
    const pool = ctx.database().pool;
    await pool.query(
      `insert into push_subscriptions (user_id, device_id, endpoint, p256dh, auth) values
       (5, 'dev-a', 'https://push.example/a', 'key-a', 'auth-a'),
       (5, 'dev-b', 'https://push.example/b', 'key-b', 'auth-b'),
       (6, 'dev-c', 'https://push.example/c', 'key-c', 'auth-c')`,
    );
    const rows = await createPushSubscriptionsRepository(ctx.database().db).listByUser(5);
    expect(rows.map((row) => row.endpoint)).toEqual(['https://push.example/a', 'https://push.example/b']);
    await expect(
      pool.query(
        `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (7, 'https://push.example/a', 'k', 'a')`,
      ),
    ).rejects.toThrow(/push_subscriptions_endpoint_unique/);
  });

  it('a run schedule is keyed by user and run, and deleting it deletes its steps', async () => {
    const pool = ctx.database().pool;
    for (const userId of [1, 2]) {
      await pool.query(
        `insert into push_schedules (user_id, run_id, contest_id, contest_name) values ($1, 'r', 'c', 'C')`,
        [userId],
      );
      await pool.query(
        `insert into push_schedule_steps (user_id, run_id, step_id, position, name, scheduled_at, done, dismissed)
         values ($1, 'r', 's', 0, 'Step', now(), false, false)`,
        [userId],
      );
    }
    await expect(
      pool.query(
        `insert into push_schedules (user_id, run_id, contest_id, contest_name) values (1, 'r', 'c', 'C')`,
      ),
    ).rejects.toThrow(/push_schedules_pkey/);
    await expect(
      pool.query(
        `insert into push_schedule_steps (user_id, run_id, step_id, position, name, scheduled_at, done, dismissed)
         values (3, 'r', 's', 0, 'Step', now(), false, false)`,
      ),
    ).rejects.toThrow(/push_schedule_steps_schedule_fk/);
    await pool.query(`delete from push_schedules where user_id = 1 and run_id = 'r'`);
    const left = await pool.query(`select user_id from push_schedule_steps where run_id = 'r'`);
    expect(left.rows).toEqual([{ user_id: 2 }]);
  });

  it('push_deliveries holds one accepted row per subscription and alert, and only known results', async () => {
    const pool = ctx.database().pool;
    const insert = (result: string, subscriptionId: number | null = 1) =>
      pool.query(
        `insert into push_deliveries (user_id, run_id, step_id, stage, stage_index, subscription_id, due_at, sent_at, result)
         values (1, 'r', 's', 'due-now', 0, $1, '2026-06-13T12:00:00Z', now(), $2)`,
        [subscriptionId, result],
      );
    await insert('retry');
    await insert('retry');
    await insert('sent');
    await expect(insert('sent')).rejects.toThrow(/push_deliveries_accepted_unique/);
    await insert('cancelled', null);
    await insert('cancelled', null);
    await expect(insert('lost')).rejects.toThrow(/push_deliveries_result_known/);
    expect(await indexesOf('push_deliveries')).toEqual([
      'push_deliveries_accepted_unique',
      'push_deliveries_pkey',
      'push_deliveries_step_idx',
    ]);
  });
});
