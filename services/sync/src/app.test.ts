import { describeServiceBasics } from '@pitclock/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, createInstanceLiveUpdates } from './app';
import type { LiveUpdates } from './application/live-updates';
import { migrations, ownedTables } from './data-access';
import { testConfig } from './test-support/harness';

const lives: LiveUpdates[] = [];
afterAll(async () => {
  await Promise.all(lives.map((live) => live.close()));
});

const ctx = describeServiceBasics({
  service: 'sync',
  migrations,
  tables: [...ownedTables],
  postPath: '/api/sync/push',
  // The token generations live under the service's REDIS_KEY_PREFIX, the keyPrefix of its Redis client.
  createApp: (deps) => {
    const config = testConfig({ REDIS_KEY_PREFIX: deps.redis.client.options.keyPrefix || 'pitclock:' });
    const live = createInstanceLiveUpdates({ ...deps, config });
    lives.push(live);
    return createApp({ ...deps, config, live });
  },
});

const indexesOf = async (table: string) =>
  (
    await ctx
      .database()
      .pool.query(`select indexname from pg_indexes where tablename = $1 order by indexname`, [table])
  ).rows.map((row) => row.indexname);

describe('sync: tables of the migrations', () => {
  it('sync_records is keyed by (scope, store, id) and indexed by (scope, version)', async () => {
    expect(await indexesOf('sync_records')).toEqual(['sync_records_pkey', 'sync_records_scope_version_idx']);
  });
});
