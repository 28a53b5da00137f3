import { describeServiceBasics } from '@pitclock/kit/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createPushSubscriptionsRepository, migrations } from './data-access';

const ctx = describeServiceBasics({
  service: 'notifier',
  migrations,
  tables: ['push_subscriptions'],
  postPath: '/api/push/subscribe',
  createApp: (deps) => createApp({ ...deps, config: { TRUST_PROXY: 'loopback' } }),
});

describe('notifier: push_subscriptions table and repository', () => {
  it('the push_subscriptions table has the columns of the first migration, a unique endpoint and a user index', async () => {
    const pool = ctx.database().pool;
    const columns = await pool.query(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_name = 'push_subscriptions' order by ordinal_position`,
    );
    expect(columns.rows.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
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
    const indexes = await pool.query(
      `select indexname from pg_indexes where tablename = 'push_subscriptions' order by indexname`,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
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
    expect(rows.map((row) => row.endpoint).sort()).toEqual([
      'https://push.example/a',
      'https://push.example/b',
    ]);
    await expect(
      pool.query(
        `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (7, 'https://push.example/a', 'k', 'a')`,
      ),
    ).rejects.toThrow(/push_subscriptions_endpoint_unique/);
  });
});
