import { API_PATHS } from '@pitclock/contracts/api-paths';
import { AdminUserResponse, UserIdParam } from '@pitclock/contracts/schemas';
import { createAuth, getAuthUser, loadConfig, type TokenGenerations } from '@pitclock/kit';
import {
  listen,
  TEST_JWT_AUDIENCE,
  TEST_JWT_SECRET,
  testServiceEnv,
  useTestService,
  type Caller,
} from '@pitclock/kit/testing';
import express, { type Express } from 'express';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type AppDeps } from '../app';
import { licensingConfigSchema, type LicensingConfig } from '../config';
import { migrations, ownedTables } from '../data-access';

export { bearer, tokenFor, type Caller } from '@pitclock/kit/testing';
export const JWT_SECRET = TEST_JWT_SECRET;
export const JWT_AUDIENCE = TEST_JWT_AUDIENCE;

type ConfigOverrides = Partial<Record<keyof LicensingConfig, string>>;

/** The service's configuration as loadConfig makes it, with test overrides (defaults otherwise). */
export const testConfig = (overrides: ConfigOverrides = {}): LicensingConfig =>
  loadConfig(licensingConfigSchema, {
    ...testServiceEnv,
    // Tests call many times per minute as one user.
    REDEEM_LIMIT_PER_USER_PER_MINUTE: '1000',
    ACTIVATE_LIMIT_PER_USER_PER_MINUTE: '1000',
    ...overrides,
  });

/**
 * A stand-in for the auth service that speaks its protocol for what licensing asks, answering from its own
 * list of accounts (its "database"), never from the token; it verifies tokens with the kit's bearer
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
  const auth = createAuth({ secret: TEST_JWT_SECRET, audience: TEST_JWT_AUDIENCE, generations });
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
  const server = await listen(app);
  return {
    url: server.url,
    accounts,
    calls: () => calls,
    setMode: (next: typeof mode) => {
      mode = next;
    },
    close: server.close,
  };
};
export type AuthStandIn = Awaited<ReturnType<typeof startAuthStandIn>>;

/**
 * The kit's test service (a database and Redis prefix of its own) with a stand-in auth service, the real
 * app of the service, and helpers that act as a client would or read what was stored, for one test file.
 */
export const useLicensingService = (overrides: ConfigOverrides = {}) => {
  const base = useTestService({ service: 'licensing', migrations, tables: ownedTables, poolSize: 20 });
  let authStandIn: AuthStandIn;
  let app: Express;

  const makeApp = (
    more: ConfigOverrides = {},
    deps: Partial<Pick<AppDeps, 'database' | 'redis' | 'fetch' | 'keys'>> = {},
  ) =>
    createApp({
      config: testConfig({
        AUTH_URL: authStandIn.url,
        REDIS_KEY_PREFIX: base.redisPrefix().prefix,
        ...overrides,
        ...more,
      }),
      database: deps.database ?? base.database(),
      redis: deps.redis ?? base.redis(),
      logger: base.logger,
      version: { version: '1.0.0' },
      clock: base.clock.now,
      fetch: deps.fetch,
      keys: deps.keys,
    });

  beforeAll(async () => {
    authStandIn = await startAuthStandIn({ generations: base.generations() });
    app = makeApp();
  });

  afterAll(async () => {
    await authStandIn?.close();
  });

  /** Row counts of every table of the service (and the promo uses), to prove a request stored nothing. */
  const counts = async () => {
    const sum = async (expression: string, table: string) =>
      Number(
        (await base.query<{ n: string | null }>(`select sum(${expression}) as n from ${table}`))[0]!.n ?? 0,
      );
    return {
      ...(await base.counts()),
      promo_uses: await sum('used_count', 'promo_codes'),
      credit_total: await sum('balance', 'credit_balances'),
      codes_used: await base.count('activation_codes', 'used_at is not null'),
      devices_revoked: await base.count('devices', 'revoked_at is not null'),
    };
  };

  /** A new signed-in user the auth stand-in knows, an admin or not. */
  const caller = async (isAdmin: boolean): Promise<Caller> => {
    const who = await base.newCaller();
    authStandIn.accounts.set(who.id, { isAdmin });
    return who;
  };

  /**
   * What the auth service does when it deletes an account or changes its role: the account is gone (or
   * re-roled) in its database and the user's token generation is bumped, which ends every token issued so
   * far. Answers a fresh token of the new generation (of use after a role change).
   */
  const endSessions = async (who: Caller, change: 'delete' | { isAdmin: boolean }): Promise<Caller> => {
    if (change === 'delete') authStandIn.accounts.delete(who.id);
    else authStandIn.accounts.set(who.id, change);
    return base.endSessions(who);
  };

  return {
    ...base,
    app: () => app,
    authStandIn: () => authStandIn,
    endSessions,
    makeApp,
    counts,
    /** A signed-in ordinary user (the auth stand-in knows the account, not an admin). */
    user: () => caller(false),
    /** A signed-in admin (the auth stand-in says is_admin true). */
    admin: () => caller(true),
  };
};
export type LicensingService = ReturnType<typeof useLicensingService>;
