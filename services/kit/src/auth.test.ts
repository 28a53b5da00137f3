import express from 'express';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { createAuth, getAuthUser, signAccessToken } from './auth';
import { HttpError } from './http/errors';
import { createLogger } from './logger';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const audience = 'pitclock';
const adminIds = new Set([1]);
const isAdminCalls: number[] = [];

const auth = createAuth({
  secret,
  audience,
  isAdmin: async (userId) => {
    isAdminCalls.push(userId);
    if (userId === 13) throw new Error('database down');
    return adminIds.has(userId);
  },
});

const router = express.Router();
router.get('/api/me', auth.requireAuth, (req, res) => {
  res.json({ id: getAuthUser(req).id });
});
router.get('/api/admin/thing', auth.requireAdmin, (req, res) => {
  res.json({ ok: true, id: getAuthUser(req).id });
});

const app = createServiceApp({
  name: 'auth-test',
  version: { version: '1.0.0' },
  logger: createLogger({ name: 'auth-test', level: 'silent' }),
  routers: [router],
});

const sign = (
  userId: number,
  options: { secret?: string; audience?: string; expiresInSeconds?: number } = {},
) =>
  signAccessToken(
    { userId },
    { secret: options.secret ?? secret, audience: options.audience ?? audience, ...options },
  );

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A token signed by jose outside signAccessToken: any HMAC algorithm, subject and expiry. */
const forge = ({
  alg = 'HS256',
  subject = '1',
  exp = now() + 600,
}: {
  alg?: string;
  subject?: string;
  exp?: number;
}) =>
  new SignJWT({})
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(subject)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

const expect401 = async (authorization: string | undefined) => {
  const req = request(app).get('/api/me');
  if (authorization !== undefined) req.set('Authorization', authorization);
  const res = await req.expect(401);
  expect(res.body).toEqual({ error: 'unauthorized', message: 'A valid bearer token is required' });
};

describe('requireAuth (jose, HS256, audience pinned)', () => {
  it('accepts a valid HS256 token and exposes the user id from sub', async () => {
    const res = await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${await sign(42)}`)
      .expect(200);
    expect(res.body).toEqual({ id: 42 });
  });

  it('answers 401 with the error shape without a token', () => expect401(undefined));

  it('answers 401 for a non-bearer scheme', () =>
    expect401(`Basic ${Buffer.from('a:b').toString('base64')}`));

  it('answers 401 for an alg none token', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', aud: audience, iat: now(), exp: now() + 600 })}.`;
    await expect401(`Bearer ${token}`);
  });

  it('answers 401 for a token signed with another HMAC algorithm (HS512) and the same secret', async () => {
    await expect401(`Bearer ${await forge({ alg: 'HS512' })}`);
  });

  it('answers 401 for a tampered payload (sub changed, signature kept)', async () => {
    const [header, , signature] = (await sign(42)).split('.');
    const forged = `${header}.${b64({ sub: '1', aud: audience, iat: now(), exp: now() + 600 })}.${signature}`;
    await expect401(`Bearer ${forged}`);
  });

  it('answers 401 for a token signed with another secret', async () =>
    expect401(`Bearer ${await sign(42, { secret: 'another-secret-that-is-long-enough-9876543210' })}`));

  it('answers 401 for another audience', async () =>
    expect401(`Bearer ${await sign(42, { audience: 'someone-else' })}`));

  it('answers 401 for an expired token', async () => {
    await expect401(`Bearer ${await forge({ subject: '42', exp: now() - 60 })}`);
    await expect401(`Bearer ${await sign(42, { expiresInSeconds: -1 })}`);
  });

  it('answers 401 when sub is not a user id', async () => {
    await expect401(`Bearer ${await forge({ subject: 'admin' })}`);
  });

  it('answers 401, not a database error, for a signed sub past the largest stored user id', async () => {
    for (const subject of ['2147483648', '9999999999999999']) {
      await expect401(`Bearer ${await forge({ subject })}`);
    }
  });

  it('answers 401 for garbage', () => expect401('Bearer not.a.jwt'));

  it('reads exactly one token after Bearer: a valid token followed by anything else is a 401', async () => {
    const token = await sign(1);
    for (const header of [`Bearer ${token} junk`, `Bearer ${token},${token}`, `Basic ${token}`, token])
      await expect401(header);
    const res = await request(app).get('/api/me').set('Authorization', `bearer \t${token} `);
    expect(res.status).toBe(200);
  });
});

describe('requireAdmin (the server decides from isAdmin, never from the token)', () => {
  it('lets an admin through', async () => {
    const res = await request(app)
      .get('/api/admin/thing')
      .set('Authorization', `Bearer ${await sign(1)}`)
      .expect(200);
    expect(res.body).toEqual({ ok: true, id: 1 });
  });

  it('answers 403 for a signed-in non-admin even when the token claims admin', async () => {
    const token = await signAccessToken(
      { userId: 7, claims: { is_admin: true, roles: ['admin'] } },
      { secret, audience },
    );
    const res = await request(app)
      .get('/api/admin/thing')
      .set('Authorization', `Bearer ${token}`)
      .expect(403);
    expect(res.body).toEqual({ error: 'forbidden', message: 'Admin only' });
    expect(isAdminCalls).toContain(7);
  });

  it('answers 401 (not 403) without a valid token and does not ask isAdmin', async () => {
    const before = isAdminCalls.length;
    await request(app).get('/api/admin/thing').expect(401);
    expect(isAdminCalls.length).toBe(before);
  });

  it('answers 500 with the error shape when isAdmin fails', async () => {
    const res = await request(app)
      .get('/api/admin/thing')
      .set('Authorization', `Bearer ${await sign(13)}`)
      .expect(500);
    expect(res.body).toEqual({ error: 'internal_error', message: 'Internal server error' });
  });

  it('answers 403 when the service gave no isAdmin', async () => {
    const bare = createAuth({ secret, audience });
    const r = express.Router();
    r.get('/api/admin', bare.requireAdmin, (_req, res) => {
      res.json({ ok: true });
    });
    const bareApp = createServiceApp({
      name: 'auth-test',
      version: { version: '1.0.0' },
      logger: createLogger({ name: 'auth-test', level: 'silent' }),
      routers: [r],
    });
    await request(bareApp)
      .get('/api/admin')
      .set('Authorization', `Bearer ${await sign(1)}`)
      .expect(403);
  });

  it('asks the check with the caller\'s token; "unknown_account" is 401, "user" 403, a thrown HttpError is answered as it is', async () => {
    const asked: [number, string][] = [];
    const answers: Record<number, 'admin' | 'user' | 'unknown_account'> = {
      1: 'admin',
      2: 'user',
      3: 'unknown_account',
    };
    const remote = createAuth({
      secret,
      audience,
      isAdmin: async (userId, token) => {
        asked.push([userId, token]);
        if (userId === 4) throw new HttpError(503, 'service_unavailable', 'Ask again later');
        return answers[userId] ?? 'user';
      },
    });
    const r = express.Router();
    r.get('/api/admin', remote.requireAdmin, (_req, res) => {
      res.json({ ok: true });
    });
    const remoteApp = createServiceApp({
      name: 'auth-test',
      version: { version: '1.0.0' },
      logger: createLogger({ name: 'auth-test', level: 'silent' }),
      routers: [r],
    });
    const call = async (userId: number, token?: string) =>
      request(remoteApp)
        .get('/api/admin')
        .set('Authorization', `Bearer ${token ?? (await sign(userId))}`);
    const adminToken = await sign(1);
    expect((await call(1, adminToken)).status).toBe(200);
    expect(asked).toEqual([[1, adminToken]]);
    expect((await call(2)).body).toEqual({ error: 'forbidden', message: 'Admin only' });
    expect((await call(3)).body).toEqual({ error: 'unauthorized', message: 'This account no longer exists' });
    const down = await call(4);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'service_unavailable', message: 'Ask again later' });
  });
});

describe('signAccessToken (jose)', () => {
  it('writes alg HS256 and typ JWT, sub, aud, iat now, exp iat + TTL, and the extra claims', async () => {
    const before = now();
    const token = await signAccessToken(
      { userId: 9, claims: { gen: 2, is_admin: false } },
      { secret, audience, expiresInSeconds: 120 },
    );
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: '9', aud: audience, gen: 2, is_admin: false });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp).toBe(claims.iat! + 120);
  });

  it('the middleware accepts a standard HS256 token made without jose (as tokens issued before it were)', async () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const payload = b64({ sub: '42', aud: audience, iat: now(), exp: now() + 600 });
    const mac = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    const res = await request(app).get('/api/me').set('Authorization', `Bearer ${header}.${payload}.${mac}`);
    expect(res.body).toEqual({ id: 42 });
  });

  it('property: a token with any one character changed is refused, unless it decodes to the same bytes', async () => {
    const token = await sign(42);
    const bytes = (jws: string) =>
      jws.split('.').map((part) => Buffer.from(part, 'base64url').toString('hex'));
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'),
        async (index, replacement) => {
          fc.pre(token[index] !== replacement);
          const changed = token.slice(0, index) + replacement + token.slice(index + 1);
          const res = await request(app).get('/api/me').set('Authorization', `Bearer ${changed}`);
          return res.status === 401 || bytes(changed).join('.') === bytes(token).join('.');
        },
      ),
      { numRuns: 60 },
    );
  });
});
