import type { AddressInfo } from 'node:net';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { AdminUserResponse, UserIdParam } from '@pitclock/contracts/schemas';
import {
  createAuth,
  createDatabase,
  createLogger,
  createRedis,
  createTokenGenerations,
  getAuthUser,
  loadConfig,
  migrate,
  signAccessToken,
  type Database,
  type RedisHandle,
  type TokenGenerations,
} from '@pitclock/kit';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestRedisPrefix,
} from '@pitclock/kit/testing';
import express, { type Express } from 'express';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type AppDeps } from '../app';
import { licensingConfigSchema, type LicensingConfig } from '../config';
import { migrations, ownedTables } from '../data-access';

export const JWT_SECRET = 'licensing-test-secret-0123456789-0123456789';
export const JWT_AUDIENCE = 'pitclock';

type ConfigOverrides = Partial<Record<keyof LicensingConfig, string>>;

/** The service's configuration as loadConfig makes it, with test overrides (defaults otherwise). */
export const testConfig = (overrides: ConfigOverrides = {}): LicensingConfig =>
  loadConfig(licensingConfigSchema, {
    DATABASE_URL: 'postgres://postgres@127.0.0.1/unused',
    JWT_SECRET,
    JWT_AUDIENCE,
    // Tests call many times per minute as one user.
    REDEEM_LIMIT_PER_USER_PER_MINUTE: '1000',
    ACTIVATE_LIMIT_PER_USER_PER_MINUTE: '1000',
    ...overrides,
  });

/**
 * An access token as the auth service signs them (HS256, audience, sub = user id, gen = the user's token
 * generation when it was issued; 0, as for a user never deleted nor re-roled, when not given).
 */
export const tokenFor = (userId: number, expiresInSeconds = 900, gen = 0) =>
  signAccessToken(
    { userId, claims: { gen } },
    { secret: JWT_SECRET, audience: JWT_AUDIENCE, expiresInSeconds },
  );

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A stand-in for the auth service that speaks its protocol for what licensing asks, answering from its own
 * list of accounts (its "database"), never from the token; it verifies tokens with the kit's passport-jwt
 * middleware, the test secret and the token generations in the test's Redis, as the auth service does:
 * - GET /api/me: 401 for a bad or revoked token or an unknown account, else {id, email, name, is_admin,
 *   roles, created_at};
 * - GET /api/users/{id} (admin): 403 for a caller who is not an admin, 404 for an unknown user, else the
 *   user as auth's contract schema (AdminUserResponse) has it.
 * `src/main.test.ts` runs the real auth process instead.
 */
export const startAuthStandIn = async ({ generations }: { generations?: TokenGenerations } = {}) => {
  const accounts = new Map<number, { isAdmin: boolean }>();
  let calls = 0;
  let mode: 'up' | 'error' | 'slow' = 'up';
  const auth = createAuth({ secret: JWT_SECRET, audience: JWT_AUDIENCE, generations });
  const app = express();
  const userOf = (id: number, isAdmin: boolean) => ({
    id,
    email: `user-${id}@pitclock.test`,
    name: `User ${id}`,
    is_admin: isAdmin,
    created_at: new Date(0).toISOString(),
  });
  app.use((req, res, next) => {
    calls += 1;
    if (mode === 'error') {
      res.status(500).json({ error: 'internal_error', message: 'Internal server error' });
      return;
    }
    if (mode === 'slow') return; // never answers: the caller's timeout decides
    next();
  });
  app.get(API_PATHS.me, auth.requireAuth, (req, res) => {
    const { id } = getAuthUser(req);
    const account = accounts.get(id);
    if (!account) {
      res.status(401).json({ error: 'unauthorized', message: 'This account no longer exists' });
      return;
    }
    res.json({ ...userOf(id, account.isAdmin), roles: account.isAdmin ? ['user', 'admin'] : ['user'] });
  });
  app.get(API_PATHS.user, auth.requireAuth, (req, res) => {
    if (!accounts.get(getAuthUser(req).id)?.isAdmin) {
      res.status(403).json({ error: 'forbidden', message: 'Admin only' });
      return;
    }
    const id = UserIdParam.parse(req.params.id);
    const account = accounts.get(id);
    if (!account) {
      res.status(404).json({ error: 'not_found', message: 'User not found' });
      return;
    }
    res.json(AdminUserResponse.parse({ ...userOf(id, account.isAdmin), license_status: 'none' }));
  });
  app.use(((err, _req, res, _next) => {
    const status = (err as { status?: number }).status ?? 500;
    const error = (err as { code?: string }).code ?? 'unauthorized';
    res.status(status).json({ error, message: 'A valid bearer token is required' });
  }) as express.ErrorRequestHandler);
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accounts,
    calls: () => calls,
    setMode: (next: typeof mode) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type AuthStandIn = Awaited<ReturnType<typeof startAuthStandIn>>;

/** A controllable clock: real time plus an offset that tests move forward. */
export const createTestClock = () => {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
  };
};

export type Caller = { id: number; token: string; headers: { Authorization: string } };

/**
 * A database of its own (migrated), a Redis prefix of its own and a stand-in auth service for one test
 * file, the real app of the service, and helpers that act as a client would or read what was stored.
 */
export const useLicensingService = (overrides: ConfigOverrides = {}) => {
  const logger = createLogger({ name: 'licensing-test', level: 'silent' });
  const clock = createTestClock();
  let testDb: TestDatabase;
  let prefix: TestRedisPrefix;
  let database: Database;
  let redis: RedisHandle;
  let authStandIn: AuthStandIn;
  let generations: TokenGenerations;
  let app: Express;
  let nextUserId = 1;

  const makeApp = (
    more: ConfigOverrides = {},
    deps: Partial<Pick<AppDeps, 'database' | 'redis' | 'fetch' | 'keys'>> = {},
  ) =>
    createApp({
      config: testConfig({
        AUTH_URL: authStandIn.url,
        REDIS_KEY_PREFIX: prefix.prefix,
        ...overrides,
        ...more,
      }),
      database: deps.database ?? database,
      redis: deps.redis ?? redis,
      logger,
      version: { version: '1.0.0' },
      clock: clock.now,
      fetch: deps.fetch,
      keys: deps.keys,
    });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    prefix = testRedisPrefix();
    database = createDatabase(testDb.url, { max: 20 });
    await migrate(database, migrations);
    redis = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    await redis.waitUntilReady(5_000);
    generations = createTokenGenerations(redis.client, prefix.prefix);
    authStandIn = await startAuthStandIn({ generations });
    app = makeApp();
  });

  afterAll(async () => {
    await authStandIn?.close();
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

  /** Row counts of every table of the service (and the promo uses), to prove a request stored nothing. */
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of ownedTables) result[table] = await count(table);
    result.promo_uses = Number(
      (await query<{ n: string | null }>('select sum(used_count) as n from promo_codes'))[0]!.n ?? 0,
    );
    result.credit_total = Number(
      (await query<{ n: string | null }>('select sum(balance) as n from credit_balances'))[0]!.n ?? 0,
    );
    result.codes_used = await count('activation_codes', 'used_at is not null');
    result.devices_revoked = await count('devices', 'revoked_at is not null');
    return result;
  };

  const caller = (isAdmin: boolean): Caller => {
    const id = nextUserId++;
    authStandIn.accounts.set(id, { isAdmin });
    const token = tokenFor(id);
    return { id, token, headers: bearer(token) };
  };

  /**
   * What the auth service does when it deletes an account or changes its role: the account is gone (or
   * re-roled) in its database and the user's token generation is bumped, which ends every token issued so
   * far. Answers a fresh token of the new generation (of use after a role change).
   */
  const endSessions = async (who: Caller, change: 'delete' | { isAdmin: boolean }): Promise<Caller> => {
    if (change === 'delete') authStandIn.accounts.delete(who.id);
    else authStandIn.accounts.set(who.id, change);
    const gen = await generations.bump(who.id);
    const token = tokenFor(who.id, 900, gen);
    return { id: who.id, token, headers: bearer(token) };
  };

  return {
    app: () => app,
    database: () => database,
    redis: () => redis,
    authStandIn: () => authStandIn,
    endSessions,
    makeApp,
    clock,
    query,
    count,
    counts,
    /** A signed-in ordinary user (the auth stand-in knows the account, not an admin). */
    user: () => caller(false),
    /** A signed-in admin (the auth stand-in says is_admin true). */
    admin: () => caller(true),
  };
};
export type LicensingService = ReturnType<typeof useLicensingService>;
