import { ConfigError, loadConfig } from '@pitclock/kit';
import { describe, expect, it } from 'vitest';
import { authConfigSchema } from './config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pitclock', JWT_SECRET: 'x'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig(authConfigSchema, { ...base, ...env });
const issuesOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  return [];
};

describe('auth configuration', () => {
  it('has the documented defaults: port 3001, 15-minute tokens, 30-day families, 10 s grace, the login limits', () => {
    expect(load({})).toMatchObject({
      PORT: 3001,
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_FAMILY_TTL_DAYS: 30,
      REFRESH_REUSE_GRACE_SECONDS: 10,
      LOGIN_LIMIT_PER_IP_PER_MINUTE: 20,
      LOGIN_FAILURES_PER_IP_PER_HOUR: 100,
      LOGIN_FAILURES_PER_CLIENT_PER_HOUR: 10,
      LOGIN_FAILURES_PER_EMAIL_PER_HOUR: 100,
      REGISTER_LIMIT_PER_IP_PER_MINUTE: 20,
    });
    expect(load({}).ADMIN_EMAIL).toBeUndefined();
    expect(load({}).ADMIN_PASSWORD).toBeUndefined();
  });

  it('accepts ADMIN_EMAIL alone (a password is generated) or with ADMIN_PASSWORD', () => {
    expect(load({ ADMIN_EMAIL: ' boss@pitclock.test ' }).ADMIN_EMAIL).toBe('boss@pitclock.test');
    expect(load({ ADMIN_EMAIL: 'boss@pitclock.test', ADMIN_PASSWORD: 'long-enough' }).ADMIN_PASSWORD).toBe(
      'long-enough',
    );
  });

  it('refuses a bad ADMIN_EMAIL, a short ADMIN_PASSWORD, and ADMIN_PASSWORD without ADMIN_EMAIL, naming the variable', () => {
    expect(issuesOf({ ADMIN_EMAIL: 'boss' })).toEqual([
      'ADMIN_EMAIL: must be an e-mail address of the x@y.z shape',
    ]);
    expect(issuesOf({ ADMIN_EMAIL: 'boss@pitclock.test', ADMIN_PASSWORD: 'short' })).toEqual([
      'ADMIN_PASSWORD: must be at least 8 characters',
    ]);
    expect(issuesOf({ ADMIN_PASSWORD: 'long-enough' })).toEqual([
      'ADMIN_PASSWORD: is set but ADMIN_EMAIL is not',
    ]);
  });

  it('refuses limits and lifetimes that are not positive whole numbers in range', () => {
    expect(issuesOf({ LOGIN_LIMIT_PER_IP_PER_MINUTE: '0' })).toHaveLength(1);
    expect(issuesOf({ ACCESS_TOKEN_TTL_SECONDS: 'soon' })).toHaveLength(1);
    expect(issuesOf({ REFRESH_REUSE_GRACE_SECONDS: '1.5' })).toHaveLength(1);
  });
});
