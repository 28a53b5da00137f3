import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { createDatabase, type Database } from './database';
import { createLogLineFormatter, createLogger, logFormatFor, type Logger } from './logger';
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

describe('readable log lines (development, and npm start on its processes JSON)', () => {
  const format = createLogLineFormatter({ colorize: false });
  const time = new Date(2026, 0, 2, 9, 5, 7, 42).getTime();
  const line = (fields: Record<string, unknown>) =>
    `${JSON.stringify({ level: 30, time, pid: 7, hostname: 'pit', name: 'auth', ...fields })}\n`;

  it('writes local time, level, message and the other fields on one line, without pid, host or name', () => {
    expect(format(line({ msg: 'listening', url: 'http://127.0.0.1:8081' }))).toBe(
      '[09:05:07.042] INFO: listening {"url":"http://127.0.0.1:8081"}\n',
    );
  });

  it("reads a request line as 'METHOD path status in N ms', without the request's headers", () => {
    const request = {
      req: { id: 'r1', method: 'GET', url: '/api/me', headers: { authorization: '[redacted]' } },
      res: { statusCode: 200, headers: {} },
      responseTime: 3,
    };
    expect(format(line({ ...request, msg: 'request completed' }))).toBe(
      '[09:05:07.042] INFO: GET /api/me 200 in 3 ms\n',
    );
    expect(format(line({ ...request, level: 50, msg: 'request errored' }))).toBe(
      '[09:05:07.042] ERROR: GET /api/me 200 in 3 ms: request errored\n',
    );
  });

  it('passes a line that is not JSON through as it is, and ends every line', () => {
    expect(format('Invalid environment configuration:')).toBe('Invalid environment configuration:\n');
    expect(format(line({ msg: 'no newline' }).trimEnd())).toBe('[09:05:07.042] INFO: no newline\n');
  });

  it('is what a development logger writes; tests and production write JSON', () => {
    expect(logFormatFor('development')).toBe('pretty');
    expect(logFormatFor('production')).toBe('json');
    expect(logFormatFor('test')).toBe('json');
    const lines: string[] = [];
    const pretty = createLogger({
      name: 'pretty-test',
      format: 'pretty',
      destination: { write: (text: string) => void lines.push(text) },
    });
    pretty.info({ count: 2 }, 'hello');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.*: .*hello.* \{"count":2\}\n$/);
  });
});

describe('errors in readable log lines', () => {
  const format = createLogLineFormatter({ colorize: false });
  const err = {
    type: 'Error',
    message: 'connect ECONNREFUSED 127.0.0.1:6379',
    stack:
      'Error: connect ECONNREFUSED 127.0.0.1:6379\n    at TCPConnectWrap.afterConnect (node:net:1611:16)',
    code: 'ECONNREFUSED',
  };
  const line = (level: number, msg: string) =>
    JSON.stringify({ level, time: new Date(2026, 0, 2, 9, 5, 7, 42).getTime(), name: 'auth', msg, err });

  it('shows an error below error level on one line: its type, message and code', () => {
    expect(format(line(40, 'redis connection error'))).toBe(
      '[09:05:07.042] WARN: redis connection error \n' +
        '    err: Error: connect ECONNREFUSED 127.0.0.1:6379 {"code":"ECONNREFUSED"}\n',
    );
  });

  it('shows the stack of an error at error level', () => {
    expect(format(line(50, 'request failed'))).toBe(
      '[09:05:07.042] ERROR: request failed \n' +
        '    err: Error: connect ECONNREFUSED 127.0.0.1:6379\n' +
        '        at TCPConnectWrap.afterConnect (node:net:1611:16) {"code":"ECONNREFUSED"}\n',
    );
  });
});
