import { sql } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { createDatabase, type Database } from './database';
import { errorBodySchema } from './http/errors';
import { createLogger } from './logger';
import { createTestDatabase, type TestDatabase } from './testing';

/** Every line the app logged, parsed. */
const captureLogs = () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'hostile-test',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
};

/**
 * Routes that hand what the client sent to PostgreSQL as it is (no schema), as a route whose schema
 * missed a case would: they show what kit does when the database, not validation, refuses a value.
 */
const buildRouter = (database: Database) => {
  const router = express.Router();
  const { db } = database;
  router.post('/api/notes', async (req, res) => {
    const { text } = req.body as { text: string };
    await db.execute(sql`insert into notes (text) values (${text})`);
    res.status(201).json({ ok: true });
  });
  router.get('/api/notes/:id', async (req, res) => {
    const rows = await db.execute(sql`select text from notes where id = ${req.params.id}::int`);
    res.json({ found: rows.rows.length });
  });
  router.get('/api/notes', async (req, res) => {
    const rows = await db.execute(sql`select id from notes where text = ${String(req.query.text)}`);
    res.json({ found: rows.rows.length });
  });
  router.post('/api/counters', async (req, res) => {
    const { value } = req.body as { value: unknown };
    await db.execute(sql`insert into counters (value) values (${value})`);
    res.status(201).json({ ok: true });
  });
  router.post('/api/codes', async (req, res) => {
    const { code } = req.body as { code: string };
    await db.execute(sql`insert into codes (code) values (${code})`);
    res.status(201).json({ ok: true });
  });
  // A NUL built on the server (so the request guard cannot see it) still reaches PostgreSQL.
  router.post('/api/notes-with-nul', async (req, res) => {
    const { text } = req.body as { text: string };
    await db.execute(sql`insert into notes (text) values (${text.replace('~', '\u0000')})`);
    res.status(201).json({ ok: true });
  });
  return router;
};

describe('hostile input at the kit level (every service gets this)', () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: express.Express;
  const logs = captureLogs();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = createDatabase(testDb.url);
    await database.pool.query('create table notes (id serial primary key, text text not null)');
    await database.pool.query('create table counters (id serial primary key, value integer not null)');
    await database.pool.query('create table codes (id serial primary key, code varchar(8) not null unique)');
    app = createServiceApp({
      name: 'hostile-test',
      version: { version: '1' },
      logger: logs.logger,
      routers: [buildRouter(database)],
    });
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  const rows = async () => {
    const { rows: counts } = await database.pool.query<{ n: string }>(
      'select (select count(*) from notes) + (select count(*) from counters) + (select count(*) from codes) as n',
    );
    return Number(counts[0]!.n);
  };

  const expectError = (res: request.Response, status: number, code: string) => {
    expect(res.status, res.text).toBe(status);
    expect(errorBodySchema.parse(res.body).error).toBe(code);
  };

  describe('a NUL character anywhere in the input answers 400 invalid_characters before any handler runs', () => {
    const bodies: [string, string][] = [
      ['a top-level string value', JSON.stringify({ text: 'pit\u0000boss' })],
      ['a key', JSON.stringify({ text: 'fine', 'ex\u0000tra': 1 })],
      ['a nested value', JSON.stringify({ text: 'fine', meta: { tags: ['ok', { deep: 'a\u0000' }] } })],
      ['a value in an array body', JSON.stringify([{ text: 'fine' }, '\u0000'])],
      [
        'a value 5,000 levels deep',
        `{"text":"fine","deep":${'['.repeat(5_000)}"\\u0000"${']'.repeat(5_000)}}`,
      ],
    ];
    it.each(bodies)('in %s of the JSON body, and nothing is stored', async (_what, body) => {
      expect(body).toContain('\\u0000');
      const before = await rows();
      const res = await request(app).post('/api/notes').set('Content-Type', 'application/json').send(body);
      expectError(res, 400, 'invalid_characters');
      expect(await rows()).toBe(before);
    });

    it('in a query string value or key', async () => {
      expectError(await request(app).get('/api/notes?text=a%00b'), 400, 'invalid_characters');
      expectError(await request(app).get('/api/notes?te%00xt=a'), 400, 'invalid_characters');
    });

    it('in a route parameter', async () => {
      expectError(await request(app).get('/api/notes/1%00'), 400, 'invalid_characters');
    });

    it('a body nested 50,000 levels deep without a NUL is walked without overflowing the stack', async () => {
      const deep = `{"text":"fine","deep":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
      const res = await request(app).post('/api/notes').set('Content-Type', 'application/json').send(deep);
      expect(res.status).toBe(201);
    });
  });

  describe('a value PostgreSQL refuses (SQLSTATE class 22) answers 400 with the error shape, never 500', () => {
    it('a NUL that reached a query (22021) is 400 invalid_characters, and nothing is stored', async () => {
      const before = await rows();
      expectError(
        await request(app).post('/api/notes-with-nul').send({ text: 'made~on-the-server' }),
        400,
        'invalid_characters',
      );
      expect(await rows()).toBe(before);
    });

    it('a number past int4 (22003) is 400 invalid_value, and nothing is stored', async () => {
      const before = await rows();
      expectError(
        await request(app)
          .post('/api/counters')
          .send({ value: 2 ** 31 }),
        400,
        'invalid_value',
      );
      expect(await rows()).toBe(before);
    });

    it('text that is not a number for an integer (22P02) is 400 invalid_value', async () => {
      expectError(await request(app).get('/api/notes/not-a-number'), 400, 'invalid_value');
    });

    it('a string longer than its column (22001) is 400 invalid_value, and nothing is stored', async () => {
      const before = await rows();
      expectError(
        await request(app)
          .post('/api/codes')
          .send({ code: 'x'.repeat(9) }),
        400,
        'invalid_value',
      );
      expect(await rows()).toBe(before);
    });

    it('is logged at warn with its SQLSTATE; other database errors stay 500 internal_error', async () => {
      logs.lines.length = 0;
      await request(app)
        .post('/api/counters')
        .send({ value: 2 ** 40 });
      const warned = logs.lines.find((line) => line.msg === 'a value was refused by PostgreSQL');
      expect(warned).toMatchObject({ level: 40, sqlState: '22003', path: '/api/counters' });
      await request(app).post('/api/codes').send({ code: 'same' }).expect(201);
      expectError(await request(app).post('/api/codes').send({ code: 'same' }), 500, 'internal_error');
    });
  });

  describe('other client mistakes answer 4xx with the error shape, never 500', () => {
    it('a malformed percent-encoding in a route parameter is 400 invalid_path', async () => {
      expectError(await request(app).get('/api/notes/%E0%A4%A'), 400, 'invalid_path');
      expectError(await request(app).get('/api/notes/%ZZ'), 400, 'invalid_path');
    });

    it('a malformed percent-encoding in a query string is read as it is (no 500)', async () => {
      const res = await request(app).get('/api/notes?text=%E0%A4%A');
      expect(res.status).toBe(200);
    });

    it('an unsupported charset or content encoding is 415, a corrupt gzip body 400', async () => {
      const post = () => request(app).post('/api/notes');
      expectError(
        await post().set('Content-Type', 'application/json; charset=latin1').send('{}'),
        415,
        'unsupported_media_type',
      );
      expectError(
        await post().set('Content-Type', 'application/json').set('Content-Encoding', 'compress').send('{}'),
        415,
        'unsupported_media_type',
      );
      expectError(
        await post().set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('not gzip'),
        400,
        'bad_request',
      );
    });
  });
});
