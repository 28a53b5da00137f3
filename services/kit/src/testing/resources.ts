import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export const pgAdminUrl = () => process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const testRedisUrl = () => process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const suffix = () => randomBytes(6).toString('hex');

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

const withAdmin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

/** Creates an empty database pitclock_test_<random> (never a default database); drop() removes it. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const name = `pitclock_test_${suffix()}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin(async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
};

export type TestRedisPrefix = { prefix: string; url: string; cleanup: () => Promise<void> };

/** A unique key prefix (pitclock_test_<random>:) on TEST_REDIS_URL; cleanup() deletes every key under it. */
export const testRedisPrefix = (): TestRedisPrefix => {
  const prefix = `pitclock_test_${suffix()}:`;
  const url = testRedisUrl();
  return {
    prefix,
    url,
    cleanup: async () => {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await client.connect();
      try {
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          if (keys.length > 0) await client.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await client.quit();
      }
    },
  };
};

/** A TCP port on 127.0.0.1 where nothing listens (for "unreachable" tests). */
export const closedPort = async (): Promise<number> => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
};
