import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@pitclock/contracts/schemas';
import { loadConfig, type RedisHandle } from '@pitclock/kit';
import { TEST_JWT_AUDIENCE, TEST_JWT_SECRET, testServiceEnv, useTestService } from '@pitclock/kit/testing';
import type { Express } from 'express';
import { SignJWT } from 'jose';
import request from 'supertest';
import { beforeAll, expect } from 'vitest';
import { createApp } from '../app';
import { authConfigSchema, type AuthConfig } from '../config';
import { createUsersRepository, migrations, ownedTables } from '../data-access';
import { createPasswordHasher, type PasswordHasher } from '../domain/passwords';

export { bearer } from '@pitclock/kit/testing';
export const JWT_SECRET = TEST_JWT_SECRET;
export const JWT_AUDIENCE = TEST_JWT_AUDIENCE;

/** The service's configuration as loadConfig makes it, with test overrides (defaults otherwise). */
export const testConfig = (overrides: Partial<Record<keyof AuthConfig, string>> = {}): AuthConfig =>
  loadConfig(authConfigSchema, { ...testServiceEnv, ...overrides });

/** A unique client address for X-Forwarded-For (the app trusts the loopback proxy). */
export const newIp = () => {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${((c ?? 0) % 250) + 1}`;
};

export const newEmail = (tag = 'cook') => `${tag}-${randomBytes(5).toString('hex')}@pitclock.test`;

export const PASSWORD = 'smoked-brisket-2024';
export const device_info = { device_id: 'device-Mozilla/5.0 (X11; Linux x-abc123', name: 'Test browser' };

export type Signed = { id: number; email: string; token: string; refresh_token: string; device_id: string };

type ConfigOverrides = Partial<Record<keyof AuthConfig, string>>;

/**
 * A database of its own (migrated) and a Redis prefix of its own for one test file, the real app of the
 * service, and helpers that act as a client would (over HTTP) or read what was stored.
 */
export const useAuthService = (overrides: ConfigOverrides = {}) => {
  const base = useTestService({ service: 'auth', migrations, tables: ownedTables });
  let app: Express;
  const passwords: PasswordHasher = createPasswordHasher();

  const makeApp = (
    more: ConfigOverrides = {},
    deps: { redis?: RedisHandle; passwords?: PasswordHasher } = {},
  ) =>
    createApp({
      config: testConfig({ ...overrides, ...more }),
      database: base.database(),
      redis: deps.redis ?? base.redis(),
      logger: base.logger,
      version: { version: '1.0.0' },
      clock: base.clock.now,
      passwords: deps.passwords ?? passwords,
    });

  beforeAll(() => {
    app = makeApp();
  });

  const { query, count } = base;

  /** Row counts of every table of the service, to prove a request stored nothing. */
  const counts = async () => ({
    ...(await base.counts()),
    refresh_tokens_used: await count('refresh_tokens', 'used_at is not null'),
    refresh_tokens_revoked: await count('refresh_tokens', 'revoked_at is not null'),
  });

  const register = async (
    body: { email: string; password?: string; display_name?: string },
    target: Express = app,
  ) => {
    const res = await request(target)
      .post('/api/auth/register')
      .set('X-Forwarded-For', newIp())
      .send({ password: PASSWORD, display_name: 'Pit Boss', device_info, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res;
  };

  const login = (email: string, password = PASSWORD, target: Express = app, ip = newIp()) =>
    request(target).post('/api/login').set('X-Forwarded-For', ip).send({ email, password, device_info });

  /** Registers a new account and signs in with it. */
  const signUp = async ({ admin = false, email = newEmail() } = {}): Promise<Signed> => {
    await register({ email });
    if (admin) await query('update users set is_admin = true where lower(email) = lower($1)', [email]);
    const res = await login(email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await query<{ id: number }>('select id from users where lower(email) = lower($1)', [email]);
    return { id: row!.id, email, ...(res.body as Omit<Signed, 'id' | 'email'>) };
  };

  return {
    ...base,
    app: () => app,
    users: () => createUsersRepository(base.database().db),
    passwords,
    makeApp,
    counts,
    register,
    login,
    signUp,
  };
};

/** An HS256 token as the service signs them, with any claims and options (for forged tokens). */
export const signToken = (
  claims: Record<string, unknown>,
  {
    algorithm = 'HS256',
    audience = JWT_AUDIENCE,
    expiresInSeconds = 900,
  }: { algorithm?: 'HS256' | 'HS384' | 'HS512'; audience?: string; expiresInSeconds?: number } = {},
  secret = JWT_SECRET,
) => {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
};

export const messages = AUTH_MESSAGES;
