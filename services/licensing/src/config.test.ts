import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '@pitclock/kit';
import { describe, expect, it } from 'vitest';
import { licensingConfigSchema } from './config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1/x', JWT_SECRET: 's'.repeat(32) };

const issues = (env: Record<string, string>) => {
  try {
    loadConfig(licensingConfigSchema, { ...base, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  return [];
};

describe('licensing configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(licensingConfigSchema, base);
    expect(config.LICENSE_PRIVATE_KEY).toBeUndefined();
    expect(config).toMatchObject({
      PORT: 3002,
      AUTH_URL: 'http://127.0.0.1:3001',
      ADMIN_CHECK_CACHE_SECONDS: 15,
      AUTH_TIMEOUT_MS: 3000,
      DEFAULT_LICENSE_DAYS: 365,
      ACTIVATION_CODE_TTL_MINUTES: 60,
      REDEEM_LIMIT_PER_USER_PER_MINUTE: 30,
      ACTIVATE_LIMIT_PER_USER_PER_MINUTE: 30,
    });
  });

  it('takes an EC P-256 PEM in LICENSE_PRIVATE_KEY, with its newlines written as \\n too', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(
      loadConfig(licensingConfigSchema, { ...base, LICENSE_PRIVATE_KEY: pem.replace(/\n/g, '\\n') })
        .LICENSE_PRIVATE_KEY,
    ).toBe(pem.trim());
  });

  it('names each bad variable without printing its value', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(issues({ LICENSE_PRIVATE_KEY: rsa })).toEqual([
      'LICENSE_PRIVATE_KEY: must be an EC P-256 private key in PEM (ES256)',
    ]);
    expect(issues({ LICENSE_PRIVATE_KEY: 'secret-not-a-pem' }).join()).not.toContain('secret-not-a-pem');
    expect(issues({ DEFAULT_LICENSE_DAYS: '0' })[0]).toMatch(/^DEFAULT_LICENSE_DAYS:/);
    expect(issues({ ACTIVATION_CODE_TTL_MINUTES: 'soon' })[0]).toMatch(/^ACTIVATION_CODE_TTL_MINUTES:/);
    expect(issues({ AUTH_URL: 'ftp://auth' })).toEqual(['AUTH_URL: must be an http(s) URL']);
  });
});
