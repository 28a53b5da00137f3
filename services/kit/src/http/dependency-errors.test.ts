import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import express from 'express';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceApp } from '../app';
import { createDatabase, type Database } from '../database';
import { createLogger } from '../logger';
import { closedPort, createTestDatabase, type TestDatabase } from '../testing';
import { isDependencyUnavailable } from './dependency-errors';
import { errorBodySchema } from './errors';

const logger = createLogger({ name: 'kit-test', level: 'silent' });

/** The rejection of a promise (the test fails when it resolves). */
const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
};

/** The backend pid of a client, and a second connection that ends it (what a fast shutdown does). */
const terminate = async (adminUrl: string, pid: number) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
};

/** Resolves once the session `pid` is running a pg_sleep query (as pg_stat_activity shows it). */
const untilSleeping = async (adminUrl: string, pid: number) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query(
          `select 1 from pg_stat_activity where pid = $1 and state = 'active' and query like '%pg_sleep%'`,
          [pid],
        );
        expect(rows).toHaveLength(1);
      },
      { timeout: 10_000, interval: 20 },
    );
  } finally {
    await admin.end();
  }
};

describe('isDependencyUnavailable on real PostgreSQL failures', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });

  afterAll(async () => {
    await testDb?.drop();
  });

  it('a connection refused (PostgreSQL down) is a dependency failure, plain and wrapped by drizzle', async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    const client = new pg.Client({ connectionString: url });
    expect(isDependencyUnavailable(await rejectionOf(client.connect()))).toBe(true);

    const pool = new pg.Pool({ connectionString: url });
    try {
      const wrapped = await rejectionOf(drizzle({ client: pool }).execute(sql`select 1`));
      expect(wrapped).toHaveProperty('cause');
      expect(isDependencyUnavailable(wrapped)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('a session ended by the server (57P01, as in a shutdown) and the broken client after it are dependency failures', async () => {
    const client = new pg.Client({ connectionString: testDb.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const sleeping = rejectionOf(client.query('select pg_sleep(10)'));
      await untilSleeping(testDb.url, rows[0]!.pid);
      await terminate(testDb.url, rows[0]!.pid);
      const ended = await sleeping;
      expect(ended).toMatchObject({ code: '57P01' });
      expect(isDependencyUnavailable(ended)).toBe(true);
      expect(isDependencyUnavailable(await rejectionOf(client.query('select 1')))).toBe(true);
    } finally {
      await client.end().catch(() => undefined);
    }
  });

  it('errors of the request or the code (unique violation, syntax error, a plain Error) are not', async () => {
    const database = createDatabase(testDb.url);
    try {
      await database.pool.query('create table codes (code text primary key)');
      await database.pool.query(`insert into codes values ('a')`);
      const unique = await rejectionOf(database.pool.query(`insert into codes values ('a')`));
      expect(unique).toMatchObject({ code: '23505' });
      expect(isDependencyUnavailable(unique)).toBe(false);
      expect(isDependencyUnavailable(await rejectionOf(database.pool.query('selec 1')))).toBe(false);
    } finally {
      await database.close();
    }
    expect(isDependencyUnavailable(new Error('boom'))).toBe(false);
    expect(isDependencyUnavailable('Connection terminated')).toBe(false);
    expect(isDependencyUnavailable(null)).toBe(false);
  });

  it.each([
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    [
      'a server starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a crash shutdown (57P02)', Object.assign(new Error('terminating connection'), { code: '57P02' })],
    ['a closed connection without a code', new Error('Connection terminated unexpectedly')],
    ["pg-pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    [
      'a refused connect to several addresses',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    ],
    ['a closed Redis connection', new Error('Connection is closed.')],
  ])('%s is a dependency failure', (_name, err) => {
    expect(isDependencyUnavailable(err)).toBe(true);
    expect(isDependencyUnavailable(new Error('query failed', { cause: err }))).toBe(true);
  });
});

describe('the error handler when PostgreSQL is unavailable', () => {
  let testDb: TestDatabase;
  let database: Database;
  let downDatabase: Database;
  let app: express.Express;
  const started: number[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = createDatabase(testDb.url, { logger });
    downDatabase = createDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`, {
      logger,
      connectionTimeoutMillis: 1_000,
    });
    const router = express.Router();
    router.get('/api/down', async (_req, res) => {
      await downDatabase.pool.query('select 1');
      res.json({ ok: true });
    });
    router.get('/api/slow', async (_req, res) => {
      const client = await database.pool.connect();
      try {
        started.push((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
        await client.query('select pg_sleep(10)');
      } catch (err) {
        // A client whose session failed is dropped, not pooled again: the server's FATAL comes before the
        // socket closes, so a plain release() could hand the dead client to the next request.
        client.release(err as Error);
        throw err;
      }
      client.release();
      res.json({ ok: true });
    });
    router.get('/api/count', async (_req, res) => {
      const { rows } = await database.pool.query<{ n: number }>('select 1::int as n');
      res.json({ n: rows[0]!.n });
    });
    app = createServiceApp({ name: 'kit-test', version: { version: '1.0.0' }, logger, routers: [router] });
  });

  afterAll(async () => {
    await downDatabase?.close();
    await database?.close();
    await testDb?.drop();
  });

  it('a request while PostgreSQL refuses connections answers 503 service_unavailable with Retry-After and no internals', async () => {
    const res = await request(app).get('/api/down').expect(503);
    expect(errorBodySchema.parse(res.body)).toEqual({
      error: 'service_unavailable',
      message: 'The service is temporarily unavailable; try again shortly',
    });
    expect(res.headers['retry-after']).toBe('5');
    expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|at .*\.ts/);
  });

  it('a request whose session the server ends answers 503, and the same pool serves the next request', async () => {
    const pending = request(app).get('/api/slow');
    const answered = pending.then((res) => res);
    await vi.waitFor(() => expect(started).toHaveLength(1), { timeout: 10_000, interval: 20 });
    await untilSleeping(testDb.url, started[0]!);
    await terminate(testDb.url, started[0]!);
    const res = await answered;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'service_unavailable' });
    expect(res.headers['retry-after']).toBe('5');
    expect((await request(app).get('/api/count').expect(200)).body).toEqual({ n: 1 });
  });
});
