import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { createDatabase, type Database } from './database';
import { createLogger, type Logger } from './logger';
import { createTestDatabase, type TestDatabase } from './testing';

const distinctive = (tag: string) => `${tag}-${randomBytes(6).toString('hex')}`;

/** A logger writing to memory: the service's real log output, as text. */
const capture = () => {
  const lines: string[] = [];
  const logger = createLogger({
    name: 'log-test',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, text: () => lines.join(''), lines };
};

const buildRouter = (database: Database, logger: Logger) => {
  const router = express.Router();
  const { db } = database;
  router.post('/api/accounts', async (req, res) => {
    const { email, secret } = req.body as { email: string; secret: string };
    await db.execute(sql`insert into accounts (email, secret) values (${email}, ${secret})`);
    res.status(201).json({ ok: true });
  });
  router.post('/api/accounts/lookup', async (req, res) => {
    const { id } = req.body as { id: string };
    await db.execute(sql`select email from accounts where id = ${id}::int`);
    res.json({ ok: true });
  });
  router.post('/api/accounts/logged-here', async (req, res) => {
    const { email, secret } = req.body as { email: string; secret: string };
    try {
      await db.execute(sql`insert into accounts (email, secret) values (${email}, ${secret})`);
    } catch (err) {
      // The ways code in the services hands an error to the logger.
      logger.error(err);
      logger.warn({ error: err, attempt: 1 }, 'insert failed');
      logger.info('insert failed: %o', err as Error);
    }
    res.status(202).json({ ok: true });
  });
  return router;
};

describe('logs never carry query parameters (hole 5)', () => {
  let testDb: TestDatabase;
  let database: Database;
  const logs = capture();
  let app: express.Express;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = createDatabase(testDb.url);
    // secret must look like an argon2 hash: a check that fails on every row, so every insert fails in PostgreSQL.
    await database.pool.query(
      `create table accounts (id serial primary key, email text not null unique,
         secret text not null check (secret like '$argon2id$%' and length(secret) < 0))`,
    );
    app = createServiceApp({
      name: 'log-test',
      version: { version: '1' },
      logger: logs.logger,
      routers: [buildRouter(database, logs.logger)],
    });
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it('a request failing inside a query (500) logs the SQL and SQLSTATE, not the values it was run with', async () => {
    const email = `${distinctive('cook')}@pitclock.test`;
    const secret = `$argon2id$v=19$m=65536,t=3,p=4$${distinctive('salt')}$${distinctive('hash')}`;
    logs.lines.length = 0;
    await request(app).post('/api/accounts').send({ email, secret }).expect(500);
    const text = logs.text();
    expect(text).toContain('insert into accounts');
    expect(text).toContain('23514');
    expect(text).toContain('accounts_secret_check');
    for (const value of [email, secret, secret.split('$').at(-1)!, 'Failing row contains']) {
      expect(text).not.toContain(value);
    }
  });

  it('a value PostgreSQL quotes back in its message (22P02, 400) is not logged either', async () => {
    const id = distinctive('not-a-number');
    logs.lines.length = 0;
    await request(app).post('/api/accounts/lookup').send({ id }).expect(400);
    const text = logs.text();
    expect(text).toContain('22P02');
    expect(text).not.toContain(id);
  });

  it('an error logged by a handler (as the argument, under any key, or formatted into the message) is cleaned too', async () => {
    const email = `${distinctive('cook')}@pitclock.test`;
    const secret = `$argon2id$${distinctive('hash')}`;
    logs.lines.length = 0;
    await request(app).post('/api/accounts/logged-here').send({ email, secret }).expect(202);
    const text = logs.text();
    expect(logs.lines.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('Failed query: insert into accounts');
    expect(text).not.toContain(email);
    expect(text).not.toContain(secret);
  });

  it('a unique violation logs its constraint, not the duplicated key PostgreSQL names in its detail', async () => {
    await database.pool.query('alter table accounts drop constraint accounts_secret_check');
    const email = `${distinctive('twice')}@pitclock.test`;
    await request(app).post('/api/accounts').send({ email, secret: 'one' }).expect(201);
    logs.lines.length = 0;
    await request(app).post('/api/accounts').send({ email, secret: 'two' }).expect(500);
    const text = logs.text();
    expect(text).toContain('accounts_email_key');
    expect(text).not.toContain(email);
  });
});
