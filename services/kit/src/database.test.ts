import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, migrate, type Database } from './database';
import { createTestDatabase, type TestDatabase } from './testing';

/** A migrations folder in drizzle-kit's layout: meta/_journal.json and one .sql file per entry. */
const writeMigrations = (dir: string, migrations: { tag: string; when: number; sql: string }[]) => {
  mkdirSync(join(dir, 'meta'), { recursive: true });
  writeFileSync(
    join(dir, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: migrations.map(({ tag, when }, idx) => ({ idx, version: '7', when, tag, breakpoints: true })),
    }),
  );
  for (const { tag, sql } of migrations) writeFileSync(join(dir, `${tag}.sql`), sql);
};

describe('migrate', () => {
  let testDb: TestDatabase;
  let database: Database;
  let root: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = createDatabase(testDb.url);
    root = mkdtempSync(join(tmpdir(), 'pitclock-migrations-'));
    writeMigrations(join(root, 'alpha'), [
      {
        tag: '0000_init',
        when: 1_700_000_000_000,
        sql: 'CREATE TABLE "alpha_items" ("id" serial PRIMARY KEY);',
      },
    ]);
    writeMigrations(join(root, 'beta'), [
      {
        tag: '0000_init',
        when: 1_700_000_000_000,
        sql: 'CREATE TABLE "beta_items" ("id" serial PRIMARY KEY);\n--> statement-breakpoint\nCREATE INDEX "beta_idx" ON "beta_items" ("id");',
      },
    ]);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const tables = async (schema: string) =>
    (
      await database.pool.query<{ table_name: string }>(
        'select table_name from information_schema.tables where table_schema = $1 order by table_name',
        [schema],
      )
    ).rows.map((row) => row.table_name);

  it('two services migrating at the same time each create their tables and their own migrations table', async () => {
    await Promise.all([
      migrate(database, {
        migrationsFolder: join(root, 'alpha'),
        migrationsTable: '__drizzle_migrations_alpha',
      }),
      migrate(database, {
        migrationsFolder: join(root, 'beta'),
        migrationsTable: '__drizzle_migrations_beta',
      }),
    ]);
    expect(await tables('public')).toEqual(['alpha_items', 'beta_items']);
    expect(await tables('drizzle')).toEqual(['__drizzle_migrations_alpha', '__drizzle_migrations_beta']);
    const applied = await database.pool.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations_alpha',
    );
    expect(applied.rows[0].n).toBe(1);
  });

  it('migrating again is a no-op', async () => {
    await migrate(database, {
      migrationsFolder: join(root, 'alpha'),
      migrationsTable: '__drizzle_migrations_alpha',
    });
    const applied = await database.pool.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations_alpha',
    );
    expect(applied.rows[0].n).toBe(1);
    expect(await tables('public')).toEqual(['alpha_items', 'beta_items']);
  });

  it('a new migration in the folder is applied on the next start, the old one is not re-run', async () => {
    writeMigrations(join(root, 'alpha'), [
      {
        tag: '0000_init',
        when: 1_700_000_000_000,
        sql: 'CREATE TABLE "alpha_items" ("id" serial PRIMARY KEY);',
      },
      { tag: '0001_more', when: 1_700_000_100_000, sql: 'ALTER TABLE "alpha_items" ADD COLUMN "name" text;' },
    ]);
    await migrate(database, {
      migrationsFolder: join(root, 'alpha'),
      migrationsTable: '__drizzle_migrations_alpha',
    });
    const applied = await database.pool.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations_alpha',
    );
    expect(applied.rows[0].n).toBe(2);
    const columns = await database.pool.query(
      "select column_name from information_schema.columns where table_name = 'alpha_items' order by ordinal_position",
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['id', 'name']);
  });

  it('a failing migration changes nothing (one transaction) and rejects', async () => {
    writeMigrations(join(root, 'gamma'), [
      {
        tag: '0000_bad',
        when: 1_700_000_000_000,
        sql: 'CREATE TABLE "gamma_items" ("id" serial PRIMARY KEY);\n--> statement-breakpoint\nSELECT * FROM "missing_table";',
      },
    ]);
    await expect(
      migrate(database, {
        migrationsFolder: join(root, 'gamma'),
        migrationsTable: '__drizzle_migrations_gamma',
      }),
    ).rejects.toThrow();
    expect(await tables('public')).not.toContain('gamma_items');
  });
});

describe('createDatabase', () => {
  it('close() is idempotent and ping fails afterwards', async () => {
    const testDb = await createTestDatabase();
    const database = createDatabase(testDb.url);
    try {
      await database.ping();
      await Promise.all([database.close(), database.close()]);
      await expect(database.ping()).rejects.toThrow();
    } finally {
      await testDb.drop();
    }
  });

  it('a connection lost in the middle of a transaction fails its query and leaves the process running', async () => {
    const testDb = await createTestDatabase();
    const database = createDatabase(testDb.url);
    const admin = createDatabase(testDb.url);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = database.db.transaction(async (tx) => {
        const [{ pid }] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows as [
          { pid: number },
        ];
        await admin.pool.query('select pg_terminate_backend($1)', [pid]);
        await tx.execute(sql`select 1`);
      });
      await expect(failed).rejects.toThrow();
      await database.ping();
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await Promise.all([database.close(), admin.close()]);
      await testDb.drop();
    }
  });
});
