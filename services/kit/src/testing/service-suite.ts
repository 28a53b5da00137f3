import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../http/errors';
import { createDatabase, migrate, type Database, type MigrateOptions } from '../database';
import type { Logger } from '../logger';
import { createRedis, type RedisHandle } from '../redis';
import type { VersionInfo } from '../version';
import { closedPort } from './resources';
import { useTestService } from './service-harness';

export type ServiceAppDeps = { database: Database; redis: RedisHandle; logger: Logger; version: VersionInfo };

export type ServiceSuiteOptions = {
  service: string;
  migrations: MigrateOptions;
  /** The tables the service's migrations create in public. */
  tables: string[];
  /** Builds the real app of the service (its app.ts) from real dependencies. */
  createApp: (deps: ServiceAppDeps) => Express;
  /** A POST route of the service, for the malformed-JSON test. */
  postPath: string;
};

export type ServiceSuiteContext = {
  app: () => Express;
  database: () => Database;
  redis: () => RedisHandle;
};

/**
 * The behaviour every service shares, proven over HTTP against the service's real app, a database of
 * its own (migrated with the service's migrations) and a unique Redis prefix. Call it at the top level of a
 * test file; it returns accessors for the service's own tests in the same file.
 */
export const describeServiceBasics = (options: ServiceSuiteOptions): ServiceSuiteContext => {
  const { service, migrations, tables } = options;
  const resources = useTestService({ service, migrations, tables });
  const { logger } = resources;
  const version: VersionInfo = { version: '9.8.7', commit: 'testcommit' };
  let database: Database;
  let redis: RedisHandle;
  let app: Express;

  const countRows = async () =>
    Object.values(await resources.counts()).reduce((total, rows) => total + rows, 0);

  // File-level hooks: the database and Redis prefix serve the whole test file (the service's own tests too).
  beforeAll(() => {
    database = resources.database();
    redis = resources.redis();
    app = options.createApp({ database, redis, logger, version });
  });

  describe(`${service}: shared service behaviour`, () => {
    it('migrations create the service tables and its own migrations table in that database', async () => {
      const publicTables = await database.pool.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      expect(publicTables.rows.map((row) => row.table_name)).toEqual([...tables].sort());
      const migrationTables = await database.pool.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'drizzle'",
      );
      expect(migrationTables.rows.map((row) => row.table_name)).toEqual([migrations.migrationsTable]);
      const applied = await database.pool.query(
        `select count(*)::int as n from drizzle."${migrations.migrationsTable}"`,
      );
      expect(applied.rows[0].n).toBeGreaterThanOrEqual(1);
    });

    it('migrating a second time is a no-op', async () => {
      const table = `drizzle."${migrations.migrationsTable}"`;
      const before = await database.pool.query(`select id, hash from ${table} order by id`);
      await migrate(database, migrations);
      const after = await database.pool.query(`select id, hash from ${table} order by id`);
      expect(after.rows).toEqual(before.rows);
    });

    it('GET /healthz answers alive', async () => {
      expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers ok when PostgreSQL and Redis are reachable', async () => {
      const res = await request(app).get('/readyz').expect(200);
      expect(res.body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
    });

    it('GET /readyz answers 503 naming Redis when Redis is unreachable', async () => {
      const deadRedis = createRedis(`redis://127.0.0.1:${await closedPort()}`);
      try {
        const res = await request(options.createApp({ database, redis: deadRedis, logger, version }))
          .get('/readyz')
          .expect(503);
        expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'ok', redis: 'fail' } });
      } finally {
        await deadRedis.close();
      }
    });

    it('GET /readyz answers 503 naming PostgreSQL when the database does not exist', async () => {
      const url = new URL(resources.databaseUrl());
      url.pathname = `${url.pathname}_missing`;
      const deadDatabase = createDatabase(url.toString());
      try {
        const res = await request(options.createApp({ database: deadDatabase, redis, logger, version }))
          .get('/readyz')
          .expect(503);
        expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'fail', redis: 'ok' } });
      } finally {
        await deadDatabase.close();
      }
    });

    it('GET /metrics serves Prometheus text with the default metrics and the http histogram', async () => {
      await request(app).get('/healthz');
      const res = await request(app).get('/metrics').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toContain('process_resident_memory_bytes');
      const has = (label: string) => `(?=[^}]*${label})`;
      expect(res.text).toMatch(
        new RegExp(
          `^http_request_duration_seconds_count\\{${has('route="/healthz"')}${has('status="200"')}${has(`service="${service}"`)}`,
          'm',
        ),
      );
    });

    it('GET /api/version answers the backend version', async () => {
      const res = await request(app).get('/api/version').expect(200);
      expect(res.body).toEqual({ version: '9.8.7', service, commit: 'testcommit' });
    });

    it('a malformed JSON body answers 400 with the error shape and stores nothing', async () => {
      const before = await countRows();
      const res = await request(app)
        .post(options.postPath)
        .set('Content-Type', 'application/json')
        .send('{"email": "a@b.c",')
        .expect(400);
      expect(errorBodySchema.parse(res.body).error).toBe('invalid_json');
      expect(res.text).not.toMatch(/at .*\.(ts|js)|SyntaxError/);
      expect(await countRows()).toBe(before);
    });

    it('a NUL character in the JSON body answers 400 invalid_characters before any handler and stores nothing', async () => {
      const before = await countRows();
      const res = await request(app)
        .post(options.postPath)
        .set('Content-Type', 'application/json')
        .send('{"email": "a\\u0000b@pit.test", "code": "X\\u0000"}')
        .expect(400);
      expect(errorBodySchema.parse(res.body).error).toBe('invalid_characters');
      expect(await countRows()).toBe(before);
    });

    it('an unknown route answers 404 with the error shape', async () => {
      const res = await request(app).get('/api/does-not-exist').expect(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No route for GET /api/does-not-exist' });
    });
  });

  return { app: () => app, database: () => database, redis: () => redis };
};
