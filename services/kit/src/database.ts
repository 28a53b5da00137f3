import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';

export type Db = NodePgDatabase;

/** The handle a transaction hands its statements (db.transaction's callback argument). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** Resolves when PostgreSQL answers `select 1`. */
  ping: () => Promise<void>;
  /** Ends the pool (waits for checked-out clients to be released). Safe to call twice. */
  close: () => Promise<void>;
};

export type DatabaseOptions = { logger?: Logger; max?: number; connectionTimeoutMillis?: number };

export const createDatabase = (url: string, options: DatabaseOptions = {}): Database => {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits on the pool; without a listener the process would crash.
  pool.on('error', (err) => options.logger?.error({ err }, 'postgres pool error'));
  // The pool listens for errors of idle clients only: a client checked out (a transaction) whose
  // connection drops emits 'error' with no listener, and Node ends the process. Its query still rejects
  // (the request answers 503); this only keeps the process alive.
  pool.on('connect', (client) =>
    client.on('error', (err) => options.logger?.warn({ err }, 'postgres connection lost')),
  );
  let closing: Promise<void> | undefined;
  return {
    db: drizzle({ client: pool }),
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => (closing ??= pool.end()),
  };
};

export type MigrateOptions = {
  migrationsFolder: string;
  /** One table per service, e.g. '__drizzle_migrations_auth', so services migrate independently. */
  migrationsTable: string;
  migrationsSchema?: string;
};

/** Same key in every service: services starting together migrate one after the other. */
const migrationLockKey = 7_140_101;

/**
 * Applies the pending drizzle-kit migrations of a service in one transaction, under a PostgreSQL
 * advisory lock so that concurrent starts (several services or replicas) never race.
 */
export const migrate = async (database: Pick<Database, 'pool'>, options: MigrateOptions): Promise<void> => {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await drizzleMigrate(drizzle({ client }), {
        migrationsFolder: options.migrationsFolder,
        migrationsTable: options.migrationsTable,
        migrationsSchema: options.migrationsSchema ?? 'drizzle',
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
};
