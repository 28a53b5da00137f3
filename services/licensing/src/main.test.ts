import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LicensePublicKeyResponse, verifyDeviceLicense } from '@pitclock/contracts/schemas';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestRedisPrefix,
} from '@pitclock/kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET } from './test-support/harness';

// The honest end-to-end check of the admin decision: the real auth service (services/auth/src/main.ts, run
// as `npm start` runs it, nothing imported from it) and the real licensing service, two processes on one
// database as in the stack, talking over HTTP only.

const servicesDir = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN_EMAIL = 'pit-admin@pitclock.test';
const ADMIN_PASSWORD = 'admin-password-2026';

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

type Process = { url: string; output: () => string; stop: () => Promise<number | null> };

/** Runs a service's src/main.ts until it listens; answers its URL, its output and a stop() (SIGTERM). */
const start = async (service: 'auth' | 'licensing', env: Record<string, string>): Promise<Process> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: `${servicesDir}${service}`,
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
    const timer = setTimeout(
      () => reject(new Error(`${service} not listening after 30 s:\n${output}`)),
      30_000,
    );
    child.stdout.on('data', () => {
      const match = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${service} exited with ${code}:\n${output}`));
    });
  });
  await fetch(`${url}/healthz`);
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) {
        resolve(child.exitCode);
        return;
      }
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { url, output: () => output, stop };
};

const call = async (url: string, method: string, token?: string, body?: unknown) => {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const signIn = async (authUrl: string, email: string, password: string) => {
  const res = await call(`${authUrl}/api/login`, 'POST', undefined, { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};

describe('npm start of licensing with the real auth service', () => {
  it('admin rights come from auth over HTTP; a redeemed licence verifies; the key survives a restart; auth down is 503', async () => {
    const auth = await start('auth', { ADMIN_EMAIL, ADMIN_PASSWORD });
    let licensing: Process | undefined;
    try {
      licensing = await start('licensing', { AUTH_URL: auth.url, DEFAULT_LICENSE_DAYS: '30' });
      const adminToken = await signIn(auth.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      const spareAdminToken = await signIn(auth.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      const cookEmail = 'cook@pitclock.test';
      const registered = await call(`${auth.url}/api/auth/register`, 'POST', undefined, {
        email: cookEmail,
        password: 'cook-password-2026',
        display_name: 'Cook',
        device_info: { device_id: 'dev-cook', name: 'test' },
      });
      expect(registered.status).toBe(201);
      const cookToken = await signIn(auth.url, cookEmail, 'cook-password-2026');

      const created = await call(`${licensing.url}/api/promo-codes`, 'POST', adminToken, {
        code: 'real-stack',
        max_uses: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const denied = await call(`${licensing.url}/api/promo-codes`, 'POST', cookToken, { code: 'NOPE' });
      expect(denied).toEqual({ status: 403, body: { error: 'forbidden', message: 'Admin only' } });

      const redeemed = await call(`${licensing.url}/api/promo-codes/redeem`, 'POST', cookToken, {
        code: 'REAL-STACK',
        device_id: 'dev-cook',
      });
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(201);
      const key = LicensePublicKeyResponse.parse(
        (await call(`${licensing.url}/api/licenses/public-key`, 'GET')).body,
      );
      expect(await verifyDeviceLicense(redeemed.body.license, key.public_key)).toMatchObject({ ok: true });

      // A restart signs with the key stored at the first start.
      expect(await licensing.stop()).toBe(0);
      licensing = await start('licensing', { AUTH_URL: auth.url });
      const again = LicensePublicKeyResponse.parse(
        (await call(`${licensing.url}/api/licenses/public-key`, 'GET')).body,
      );
      expect(again.kid).toBe(key.kid);
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      try {
        expect((await client.query('select count(*)::int as n from signing_keys')).rows[0].n).toBe(1);
      } finally {
        await client.end();
      }

      // Auth down: an admin call that has no cached answer is refused with 503, never allowed.
      expect(await auth.stop()).toBe(0);
      const down = await call(`${licensing.url}/api/promo-codes`, 'GET', spareAdminToken);
      expect(down.status).toBe(503);
      expect(down.body.error).toBe('service_unavailable');
    } finally {
      await auth.stop();
      if (licensing) expect(await licensing.stop()).toBe(0);
    }
  }, 90_000);

  it("codes and credits only for users auth knows; a deleted user's and a demoted admin's tokens end at once", async () => {
    const auth = await start('auth', { ADMIN_EMAIL, ADMIN_PASSWORD });
    let licensing: Process | undefined;
    try {
      licensing = await start('licensing', { AUTH_URL: auth.url });
      const adminToken = await signIn(auth.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      const register = async (email: string) => {
        const registered = await call(`${auth.url}/api/auth/register`, 'POST', undefined, {
          email,
          password: 'cook-password-2026',
          display_name: 'Cook',
          device_info: { device_id: `dev-${email}`, name: 'test' },
        });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        const token = await signIn(auth.url, email, 'cook-password-2026');
        const me = await call(`${auth.url}/api/me`, 'GET', token);
        return { id: me.body.id as number, token };
      };
      const cook = await register('gen-cook@pitclock.test');
      const helper = await register('gen-helper@pitclock.test');

      // Minting asks auth whether the user exists.
      const granted = await call(`${licensing.url}/api/users/${cook.id}/credits`, 'POST', adminToken, {
        amount: 2,
      });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      const nobody = await call(`${licensing.url}/api/users/999999/credits`, 'POST', adminToken, {
        amount: 2,
      });
      expect(nobody.status).toBe(404);
      expect(nobody.body.error).toBe('user_not_found');
      const noCode = await call(`${licensing.url}/api/licenses/codes`, 'POST', adminToken, {
        user_id: 999999,
      });
      expect(noCode.status).toBe(404);

      // Deleted in auth: the token still unexpired is refused by licensing at once.
      const promo = await call(`${licensing.url}/api/promo-codes`, 'POST', adminToken, { code: 'GEN-STACK' });
      expect(promo.status).toBe(201);
      const deleted = await fetch(`${auth.url}/api/users/${cook.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(deleted.status).toBe(204);
      const redeemed = await call(`${licensing.url}/api/promo-codes/redeem`, 'POST', cook.token, {
        code: 'GEN-STACK',
        device_id: 'dev-cook',
      });
      expect(redeemed.status).toBe(401);
      expect(redeemed.body.error).toBe('token_revoked');

      // Promoted, then demoted: the admin answer cached for its token does not outlive the demotion.
      expect((await call(`${auth.url}/api/users/${helper.id}/toggle-admin`, 'POST', adminToken)).status).toBe(
        200,
      );
      const helperAdmin = await signIn(auth.url, 'gen-helper@pitclock.test', 'cook-password-2026');
      expect((await call(`${licensing.url}/api/promo-codes`, 'GET', helperAdmin)).status).toBe(200);
      expect((await call(`${auth.url}/api/users/${helper.id}/toggle-admin`, 'POST', adminToken)).status).toBe(
        200,
      );
      const demoted = await call(`${licensing.url}/api/promo-codes`, 'GET', helperAdmin);
      expect(demoted.status).toBe(401);
      expect(demoted.body.error).toBe('token_revoked');
    } finally {
      await auth.stop();
      if (licensing) expect(await licensing.stop()).toBe(0);
    }
  }, 90_000);

  it('refuses to start with a LICENSE_PRIVATE_KEY that is not an EC P-256 key, naming the variable', async () => {
    await expect(start('licensing', { LICENSE_PRIVATE_KEY: 'not-a-pem' })).rejects.toThrow(
      /LICENSE_PRIVATE_KEY: must be an EC P-256 private key/,
    );
  }, 30_000);
});
