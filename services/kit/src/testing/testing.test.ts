import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createRedis } from '../redis';
import { createTestDatabase, testRedisPrefix, withNulInEachString } from './index';
import { pgAdminUrl } from './resources';

const databaseExists = async (name: string) => {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
};

describe('test helpers', () => {
  it('createTestDatabase creates a unique pitclock_test_ database and drop() removes it even with open connections', async () => {
    const testDb = await createTestDatabase();
    expect(testDb.name).toMatch(/^pitclock_test_[0-9a-f]{12}$/);
    expect(await databaseExists(testDb.name)).toBe(true);
    const open = new pg.Client({ connectionString: testDb.url });
    await open.connect();
    open.on('error', () => undefined);
    await testDb.drop();
    expect(await databaseExists(testDb.name)).toBe(false);
    await open.end().catch(() => undefined);
  });

  it('testRedisPrefix cleanup deletes only the keys under its prefix', async () => {
    const mine = testRedisPrefix();
    const other = testRedisPrefix();
    expect(mine.prefix).not.toBe(other.prefix);
    const a = createRedis(mine.url, { keyPrefix: mine.prefix });
    const b = createRedis(other.url, { keyPrefix: other.prefix });
    const raw = new Redis(mine.url);
    try {
      await a.client.set('one', '1');
      await a.client.set('two', '2');
      await b.client.set('one', '1');
      await mine.cleanup();
      expect(await raw.keys(`${mine.prefix}*`)).toEqual([]);
      expect(await raw.keys(`${other.prefix}*`)).toEqual([`${other.prefix}one`]);
    } finally {
      await other.cleanup();
      await Promise.all([a.close(), b.close(), raw.quit()]);
    }
  });

  it('withNulInEachString puts a NUL in one string at a time, at any depth, and leaves the rest as it was', () => {
    const body = { email: 'ab', n: 1, device: { id: 'xyz', tags: ['t'] } };
    expect(withNulInEachString(body)).toEqual([
      { path: 'email', value: { ...body, email: 'a\u0000b' } },
      { path: 'device.id', value: { ...body, device: { ...body.device, id: 'x\u0000yz' } } },
      { path: 'device.tags.0', value: { ...body, device: { ...body.device, tags: ['\u0000t'] } } },
    ]);
    expect(body.email).toBe('ab');
  });
});
