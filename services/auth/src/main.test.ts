import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestRedisPrefix,
} from '@pitclock/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET } from './test-support/harness';

const serviceDir = fileURLToPath(new URL('..', import.meta.url));

let testDb: TestDatabase;
let prefix: TestRedisPrefix;

beforeAll(async () => {
  testDb = await createTestDatabase();
  prefix = testRedisPrefix();
});

afterAll(async () => {
  await prefix?.cleanup();
  await testDb?.drop();
});

/** Runs `src/main.ts` as `npm start` does, until it listens; answers its URL, its output and a stop(). */
const start = async (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serviceDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: testDb.url,
      REDIS_URL: prefix.url,
      REDIS_KEY_PREFIX: prefix.prefix,
      JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening after 20 s:\n${output}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  // Answering a request proves main.ts went past 'listening' and installed its signal handlers
  // (a SIGTERM before that would end the process by the default action).
  await fetch(`${url}/healthz`);
  const stop = () =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { url, output: () => output, stop };
};

describe('npm start (src/main.ts)', () => {
  it('creates the first admin once and prints how to sign in with the generated password; a restart prints nothing', async () => {
    const email = 'first-admin@pitclock.test';
    const first = await start({ ADMIN_EMAIL: email });
    let password: string | undefined;
    try {
      const match = /Sign in at \/login with e-mail (\S+) and password (\S+)/.exec(first.output());
      expect(match?.[1]).toBe(email);
      password = match![2]!;
      const login = await fetch(`${first.url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const me = await fetch(`${first.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(await me.json()).toMatchObject({ email, is_admin: true });
      expect(first.output()).not.toContain('"password"');
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await start({ ADMIN_EMAIL: email });
    try {
      expect(second.output()).not.toContain('Sign in at /login');
      expect(password).toBeDefined();
      expect(second.output()).not.toContain(password!);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 60_000);

  it('refuses to start with a bad ADMIN_EMAIL and names the variable', async () => {
    await expect(start({ ADMIN_EMAIL: 'not-an-email' })).rejects.toThrow(
      /ADMIN_EMAIL: must be an e-mail address/,
    );
  }, 30_000);
});
