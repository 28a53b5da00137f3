import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { signAccessToken } from '../auth';
import { createDatabase, migrate, type Database, type MigrateOptions } from '../database';
import { createLogger } from '../logger';
import { createRedis, type RedisHandle } from '../redis';
import { createTokenGenerations, type TokenGenerations } from '../token-generations';
import { createTestDatabase, testRedisPrefix, type TestDatabase, type TestRedisPrefix } from './resources';

/** The JWT secret and audience of every service's tests (the auth service's tokens are signed with them). */
export const TEST_JWT_SECRET = 'pitclock-test-secret-0123456789-0123456789';
export const TEST_JWT_AUDIENCE = 'pitclock';

/** The variables every service's config requires, for loadConfig in tests (their database is the test's). */
export const testServiceEnv = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused',
  JWT_SECRET: TEST_JWT_SECRET,
  JWT_AUDIENCE: TEST_JWT_AUDIENCE,
} as const;

/**
 * An access token as the auth service signs them (HS256, audience, sub = user id, gen = the user's token
 * generation when it was issued; 0, as for a user never deleted nor re-roled, when not given).
 */
export const tokenFor = (userId: number, expiresInSeconds = 900, gen = 0) =>
  signAccessToken(
    { userId, claims: { gen } },
    { secret: TEST_JWT_SECRET, audience: TEST_JWT_AUDIENCE, expiresInSeconds },
  );

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A signed-in client: its user id, access token and the headers that carry it. */
export type Caller = { id: number; token: string; headers: { Authorization: string } };

export const callerWith = async (id: number, gen = 0): Promise<Caller> => {
  const token = await tokenFor(id, 900, gen);
  return { id, token, headers: bearer(token) };
};

/** A clock that is real time plus an offset, or frozen at an instant (schedule tests need exact delays). */
export const createTestClock = () => {
  let offsetMs = 0;
  let frozen: Date | undefined;
  return {
    now: () => (frozen ? new Date(frozen) : new Date(Date.now() + offsetMs)),
    advance: (ms: number) => {
      offsetMs += ms;
      if (frozen) frozen = new Date(frozen.getTime() + ms);
    },
    freeze: (at: Date = new Date()) => {
      frozen = at;
    },
    reset: () => {
      offsetMs = 0;
      frozen = undefined;
    },
  };
};
export type TestClock = ReturnType<typeof createTestClock>;

/** An HTTP server on a free port of 127.0.0.1 (port 0) for an app or handler; close() ends its connections. */
export const listen = async (app: RequestListener) => {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type Listening = Awaited<ReturnType<typeof listen>>;

export type TestServiceOptions<Table extends string = string> = {
  /** The service's name; its logger (silent) is named `<service>-test`. */
  service: string;
  migrations: MigrateOptions;
  /** The tables the service owns: counts() reads each. */
  tables: readonly Table[];
  /** Connections of the database pool (node-postgres's default, 10, when not given). */
  poolSize?: number;
};

/**
 * What every service's tests stand on, for one test file: a database of its own (created, migrated with
 * the service's migrations, dropped after the file), a Redis key prefix of its own (its keys deleted after
 * the file), the token generations under that prefix, a controllable clock, signed-in callers and helpers
 * that read what was stored. Call it at the top level of a test file; a service's own harness builds its
 * real app on it (its hooks run after these and its afterAll before these: Vitest's hook order).
 */
export const useTestService = <Table extends string>({
  service,
  migrations,
  tables,
  poolSize,
}: TestServiceOptions<Table>) => {
  const logger = createLogger({ name: `${service}-test`, level: 'silent' });
  const clock = createTestClock();
  let testDb: TestDatabase;
  let prefix: TestRedisPrefix;
  let database: Database;
  let redis: RedisHandle;
  let generations: TokenGenerations;
  let nextUserId = 1;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    prefix = testRedisPrefix();
    database = createDatabase(testDb.url, poolSize === undefined ? {} : { max: poolSize });
    await migrate(database, migrations);
    redis = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    await redis.waitUntilReady(5_000);
    generations = createTokenGenerations(redis.client, prefix.prefix);
  });

  afterAll(async () => {
    await redis?.close();
    await database?.close();
    await prefix?.cleanup();
    await testDb?.drop();
  });

  const query = async <T extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params: unknown[] = [],
  ) => (await database.pool.query<T>(text, params)).rows;

  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    Number((await query<{ n: string }>(`select count(*) as n from ${table} where ${where}`, params))[0]!.n);

  return {
    logger,
    clock,
    database: () => database,
    /** The test database's URL, for a test that needs connections (or a process) of its own. */
    databaseUrl: () => testDb.url,
    redis: () => redis,
    redisPrefix: () => prefix,
    /** The token generations as every service reads them (REDIS_KEY_PREFIX is the test's prefix). */
    generations: () => generations,
    /** Another connection to the same Redis server and key prefix (a second instance of the service). */
    connectRedis: async () => {
      const handle = createRedis(prefix.url, { keyPrefix: prefix.prefix });
      await handle.waitUntilReady(5_000);
      return handle;
    },
    query,
    count,
    /** Row counts of every table of the service, to prove a request stored nothing. */
    counts: async () => {
      const result = {} as Record<Table, number>;
      for (const table of tables) result[table] = await count(table);
      return result;
    },
    /** Opens the pool's connections first, so that concurrent transactions in a test really overlap. */
    warmPool: async (connections = 16) => {
      await Promise.all(Array.from({ length: connections }, () => query('select pg_sleep(0.05)')));
    },
    /** A new user id with a token of generation 0 (an account no one deleted nor re-roled). */
    newCaller: (): Promise<Caller> => callerWith(nextUserId++),
    /**
     * What the auth service does when it deletes an account or changes its role: the user's token
     * generation is bumped, which ends every access token issued so far. Answers a token of the new one.
     */
    endSessions: async (caller: Pick<Caller, 'id'>): Promise<Caller> =>
      callerWith(caller.id, await generations.bump(caller.id)),
  };
};
export type TestService<Table extends string = string> = ReturnType<typeof useTestService<Table>>;
