import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from './app';
import { createDatabase, type Database } from './database';
import { badRequest, conflict, errorBodySchema } from './http/errors';
import { parse } from './http/validate';
import { createLogger } from './logger';
import { createRedis, type RedisHandle } from './redis';
import {
  closedPort,
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestRedisPrefix,
} from './testing';

const logger = createLogger({ name: 'kit-test', level: 'silent' });

const buildRouter = (database: Database) => {
  const router = express.Router();
  router.post('/api/notes', async (req, res) => {
    const { text } = parse(z.object({ text: z.string().min(1) }), req.body);
    await database.pool.query('insert into notes (text) values ($1)', [text]);
    res.status(201).json({ text });
  });
  router.get('/api/boom', () => {
    throw new Error('secret internal detail');
  });
  router.get('/api/async-boom', async () => {
    await Promise.resolve();
    throw new Error('secret async detail');
  });
  router.get('/api/throws-string', () => {
    throw 'a bare string';
  });
  router.get('/api/bad', () => {
    throw badRequest('Name is required', { field: 'name' });
  });
  router.get('/api/taken', () => {
    throw conflict('Already taken');
  });
  return router;
};

describe('createServiceApp against real PostgreSQL and Redis', () => {
  let testDb: TestDatabase;
  let prefix: TestRedisPrefix;
  let database: Database;
  let redis: RedisHandle;
  let app: express.Express;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    prefix = testRedisPrefix();
    database = createDatabase(testDb.url);
    await database.pool.query('create table notes (id serial primary key, text text not null)');
    redis = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    await redis.waitUntilReady(5_000);
    app = createServiceApp({
      name: 'kit-test',
      version: { version: '1.2.3', commit: 'abc123' },
      logger,
      readiness: { postgres: database.ping, redis: redis.ping },
      routers: [buildRouter(database)],
    });
  });

  afterAll(async () => {
    await redis?.close();
    await database?.close();
    await prefix?.cleanup();
    await testDb?.drop();
  });

  const noteCount = async () =>
    Number((await database.pool.query('select count(*) from notes')).rows[0].count);

  it('GET /healthz answers alive', async () => {
    const res = await request(app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ok with every check when PostgreSQL and Redis are reachable', async () => {
    const res = await request(app).get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('GET /api/version answers the backend version, service and commit', async () => {
    const res = await request(app).get('/api/version').expect(200);
    expect(res.body).toEqual({ version: '1.2.3', service: 'kit-test', commit: 'abc123' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets security headers and no x-powered-by', async () => {
    const res = await request(app).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('GET /metrics serves Prometheus text with default metrics and the http histogram by route and status', async () => {
    await request(app).get('/healthz').expect(200);
    await request(app).get('/no-such-route').expect(404);
    const res = await request(app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toContain('nodejs_eventloop_lag_seconds');
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*status="200"/);
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="unmatched"[^}]*status="404"/);
    expect(res.text).toContain('service="kit-test"');
  });

  it('stores a valid body (the route works)', async () => {
    const before = await noteCount();
    await request(app).post('/api/notes').send({ text: 'hello' }).expect(201);
    expect(await noteCount()).toBe(before + 1);
  });

  it('a malformed JSON body answers 400 invalid_json and stores nothing', async () => {
    const before = await noteCount();
    const res = await request(app)
      .post('/api/notes')
      .set('Content-Type', 'application/json')
      .send('{"text": "unterminated')
      .expect(400);
    expect(errorBodySchema.parse(res.body)).toEqual({
      error: 'invalid_json',
      message: 'Request body is not valid JSON',
    });
    expect(await noteCount()).toBe(before);
  });

  it('a body failing the zod schema answers 400 validation_failed with the issues and stores nothing', async () => {
    const before = await noteCount();
    const res = await request(app).post('/api/notes').send({ text: '' }).expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details.issues[0]).toMatchObject({ path: 'text' });
    const missing = await request(app).post('/api/notes').expect(400);
    expect(missing.body.error).toBe('validation_failed');
    expect(await noteCount()).toBe(before);
  });

  it('a body over the size limit answers 413 with the error shape and stores nothing', async () => {
    const before = await noteCount();
    const res = await request(app)
      .post('/api/notes')
      .send({ text: 'x'.repeat(200_000) })
      .expect(413);
    expect(res.body).toEqual({ error: 'payload_too_large', message: 'Request body is too large' });
    expect(await noteCount()).toBe(before);
  });

  it('an unknown route answers 404 with the error shape', async () => {
    const res = await request(app).get('/api/nothing-here').expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'No route for GET /api/nothing-here' });
  });

  it('HttpError helpers answer their status and shape with details', async () => {
    expect((await request(app).get('/api/bad').expect(400)).body).toEqual({
      error: 'bad_request',
      message: 'Name is required',
      details: { field: 'name' },
    });
    expect((await request(app).get('/api/taken').expect(409)).body).toEqual({
      error: 'conflict',
      message: 'Already taken',
    });
  });

  it.each(['/api/boom', '/api/async-boom', '/api/throws-string'])(
    'a route that throws (%s) answers 500 with the error shape and no stack or internal text',
    async (path) => {
      const res = await request(app).get(path).expect(500);
      expect(res.body).toEqual({ error: 'internal_error', message: 'Internal server error' });
      expect(res.text).not.toMatch(/secret|at .*\.ts|stack/);
    },
  );
});

describe('readiness when a dependency is unreachable', () => {
  it('answers 503 and names Redis when Redis listens nowhere', async () => {
    const testDb = await createTestDatabase();
    const database = createDatabase(testDb.url);
    const redis = createRedis(`redis://127.0.0.1:${await closedPort()}`);
    try {
      const app = createServiceApp({
        name: 'kit-test',
        version: { version: '1.0.0' },
        logger,
        readiness: { postgres: database.ping, redis: redis.ping },
      });
      const res = await request(app).get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'ok', redis: 'fail' } });
      await request(app).get('/healthz').expect(200);
    } finally {
      await redis.close();
      await database.close();
      await testDb.drop();
    }
  });

  it('answers 503 and names PostgreSQL when the database does not exist', async () => {
    const prefix = testRedisPrefix();
    const redis = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    const database = createDatabase('postgres://postgres@127.0.0.1:5432/pitclock_test_does_not_exist');
    try {
      await redis.waitUntilReady(5_000);
      const app = createServiceApp({
        name: 'kit-test',
        version: { version: '1.0.0' },
        logger,
        readiness: { postgres: database.ping, redis: redis.ping },
      });
      const res = await request(app).get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'fail', redis: 'ok' } });
    } finally {
      await redis.close();
      await database.close();
      await prefix.cleanup();
    }
  });

  it('a check that hangs fails after the readiness timeout instead of hanging the probe', async () => {
    const app = createServiceApp({
      name: 'kit-test',
      version: { version: '1.0.0' },
      logger,
      readiness: { slow: () => new Promise<void>(() => undefined) },
      readinessTimeoutMs: 100,
    });
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { slow: 'fail' } });
  });
});
