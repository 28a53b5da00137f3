import webpush from 'web-push';
import { ConfigError, loadConfig } from '@pitclock/kit';
import { describe, expect, it } from 'vitest';
import { dismissSecretOf, notifierConfigSchema, workerConfigSchema } from './config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1/x', JWT_SECRET: 's'.repeat(32) };

const issuesOf = (
  schema: typeof notifierConfigSchema | typeof workerConfigSchema,
  env: Record<string, string>,
) => {
  try {
    loadConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  return [];
};
const apiIssues = (env: Record<string, string>) => issuesOf(notifierConfigSchema, { ...base, ...env });
const workerIssues = (env: Record<string, string>) => issuesOf(workerConfigSchema, { ...base, ...env });

describe('notifier configuration', () => {
  it('has the documented defaults', () => {
    const api = loadConfig(notifierConfigSchema, base);
    expect(api).toMatchObject({
      PORT: 3003,
      VAPID_SUBJECT: 'mailto:admin@pitclock.local',
      PUSH_TIMEOUT_MS: 5_000,
      PUSH_JOB_ATTEMPTS: 5,
    });
    expect(api.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(api.PUSH_ACTION_SECRET).toBeUndefined();
    expect(api.PUSH_ALLOWED_ORIGINS).toEqual([
      { host: 'fcm.googleapis.com', port: '443', wildcard: false },
      { host: 'android.googleapis.com', port: '443', wildcard: false },
      { host: 'updates.push.services.mozilla.com', port: '443', wildcard: false },
      { host: 'web.push.apple.com', port: '443', wildcard: false },
      { host: 'notify.windows.com', port: '443', wildcard: true },
    ]);
    expect(loadConfig(workerConfigSchema, base)).toMatchObject({
      WORKER_PORT: 3013,
      WORKER_CONCURRENCY: 50,
      BULL_LOCK_DURATION_MS: 8_000,
      BULL_STALLED_INTERVAL_MS: 2_000,
      BULL_MAX_STALLED_COUNT: 2,
      PUSH_RETRY_BASE_DELAY_MS: 2_000,
      PUSH_TIMEOUT_MS: 5_000,
    });
  });

  it('takes a matching VAPID key pair and a list of origins', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig(notifierConfigSchema, {
      ...base,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://pitclock.example/contact',
      PUSH_ALLOWED_ORIGINS: ' https://push.example:8443 , https://*.push.example ',
    });
    expect(config.VAPID_PUBLIC_KEY).toBe(keys.publicKey);
    expect(config.PUSH_ALLOWED_ORIGINS).toEqual([
      { host: 'push.example', port: '8443', wildcard: false },
      { host: 'push.example', port: '443', wildcard: true },
    ]);
  });

  it('fails fast naming each bad variable, without printing a key', () => {
    const [first, second] = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()];
    expect(apiIssues({ VAPID_PUBLIC_KEY: first.publicKey })).toEqual(['VAPID_PRIVATE_KEY: is required']);
    expect(apiIssues({ VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: second.privateKey })).toEqual([
      'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
    ]);
    const short = apiIssues({ VAPID_PRIVATE_KEY: 'c2VjcmV0' });
    expect(short.join()).not.toContain('c2VjcmV0');
    expect(short[0]).toMatch(/^VAPID_PRIVATE_KEY: must be 32 bytes/);
    expect(apiIssues({ VAPID_SUBJECT: 'admin@pitclock' })).toEqual([
      'VAPID_SUBJECT: must be a mailto: address or an https: URL',
    ]);
    expect(apiIssues({ PUSH_ALLOWED_ORIGINS: 'http://push.example' })).toEqual([
      "PUSH_ALLOWED_ORIGINS: 'http://push.example' is not https",
    ]);
    expect(apiIssues({ PUSH_ALLOWED_ORIGINS: ',' })).toEqual([
      'PUSH_ALLOWED_ORIGINS: must list at least one origin',
    ]);
    expect(apiIssues({ PUSH_JOB_ATTEMPTS: '0' })[0]).toMatch(/^PUSH_JOB_ATTEMPTS:/);
    expect(apiIssues({ PUSH_ACTION_SECRET: 'short' })).toEqual([
      'PUSH_ACTION_SECRET: must be at least 32 characters',
    ]);
  });

  it('the worker needs JWT_SECRET or PUSH_ACTION_SECRET, and a push timeout below the lock duration', () => {
    expect(issuesOf(workerConfigSchema, { DATABASE_URL: base.DATABASE_URL })).toEqual([
      'JWT_SECRET: is required',
    ]);
    const onlyAction = loadConfig(workerConfigSchema, {
      DATABASE_URL: base.DATABASE_URL,
      PUSH_ACTION_SECRET: 'a'.repeat(32),
    });
    expect(dismissSecretOf(onlyAction)).toBe('a'.repeat(32));
    expect(workerIssues({ PUSH_TIMEOUT_MS: '8000' })).toEqual([
      'PUSH_TIMEOUT_MS: must be below BULL_LOCK_DURATION_MS (a send must end before its job lock would lapse)',
    ]);
    expect(workerIssues({ PUSH_TIMEOUT_MS: '8000', BULL_LOCK_DURATION_MS: '20000' })).toEqual([]);
    expect(workerIssues({ BULL_MAX_STALLED_COUNT: '0' })[0]).toMatch(/^BULL_MAX_STALLED_COUNT:/);
    expect(
      dismissSecretOf(loadConfig(workerConfigSchema, { ...base, PUSH_ACTION_SECRET: 'b'.repeat(32) })),
    ).toBe('b'.repeat(32));
    expect(dismissSecretOf(loadConfig(workerConfigSchema, base))).toBe(base.JWT_SECRET);
  });
});
