import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, baseConfigSchema, loadConfig, portVar, urlListVar } from './config';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pitclock_dev',
  JWT_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('applies the defaults of the base schema', () => {
    const config = loadConfig(baseConfigSchema, valid);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'pitclock:',
      JWT_AUDIENCE: 'pitclock',
    });
  });

  it('fails fast with one readable line per bad variable and never prints a value', () => {
    const env = { PORT: 'eighty', LOG_LEVEL: 'loud', JWT_SECRET: 'short-secret', REDIS_URL: 'http://nope' };
    let error: unknown;
    try {
      loadConfig(baseConfigSchema, env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid environment configuration:/);
    expect(message).toContain('DATABASE_URL: is required');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(message).toMatch(/PORT: /);
    expect(message).toMatch(/LOG_LEVEL: /);
    expect(message).toContain('REDIS_URL: must be a redis:// URL');
    expect((error as ConfigError).issues).toHaveLength(5);
    expect(message).not.toContain('short-secret');
  });

  it('bounds the time to receive a request: 30 s in all, 10 s for the headers, never under 1 s', () => {
    expect(loadConfig(baseConfigSchema, valid)).toMatchObject({
      REQUEST_TIMEOUT_MS: 30_000,
      HEADERS_TIMEOUT_MS: 10_000,
    });
    expect(
      loadConfig(baseConfigSchema, { ...valid, REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '2000' }),
    ).toMatchObject({ REQUEST_TIMEOUT_MS: 5_000, HEADERS_TIMEOUT_MS: 2_000 });
    expect(() => loadConfig(baseConfigSchema, { ...valid, REQUEST_TIMEOUT_MS: '0' })).toThrow(
      /REQUEST_TIMEOUT_MS: /,
    );
  });

  it('treats an empty variable as unset so the default applies', () => {
    expect(loadConfig(baseConfigSchema, { ...valid, HOST: '', PORT: '' })).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
    });
  });

  it('extends with service variables: ports and URL lists', () => {
    const schema = baseConfigSchema.extend({ PORT: portVar(3001), HOSTS: urlListVar(['https://a.example']) });
    expect(loadConfig(schema, valid)).toMatchObject({ PORT: 3001, HOSTS: ['https://a.example'] });
    expect(
      loadConfig(schema, { ...valid, PORT: '4000', HOSTS: 'https://b.example, https://c.example' }),
    ).toMatchObject({
      PORT: 4000,
      HOSTS: ['https://b.example', 'https://c.example'],
    });
    expect(() => loadConfig(schema, { ...valid, HOSTS: 'not a url' })).toThrow(/HOSTS\.0: /);
  });

  it('accepts any zod object schema', () => {
    expect(loadConfig(z.object({ A: z.string() }), { A: 'a' })).toEqual({ A: 'a' });
  });
});
