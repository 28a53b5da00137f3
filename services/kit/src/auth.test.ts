import express from 'express';
import jwt from 'jsonwebtoken';
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

const expect401 = async (authorization: string | undefined) => {
  const req = request(app).get('/api/me');
  if (authorization !== undefined) req.set('Authorization', authorization);
  const res = await req.expect(401);
  expect(res.body).toEqual({ error: 'unauthorized', message: 'A valid bearer token is required' });
};

describe('requireAuth (passport-jwt, HS256, audience pinned)', () => {
  it('accepts a valid HS256 token and exposes the user id from sub', async () => {
    const res = await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${sign(42)}`)
      .expect(200);
    expect(res.body).toEqual({ id: 42 });
  });

  it('answers 401 with the error shape without a token', () => expect401(undefined));

  it('answers 401 for a non-bearer scheme', () =>
    expect401(`Basic ${Buffer.from('a:b').toString('base64')}`));

  it('answers 401 for an alg none token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', aud: audience, iat: now, exp: now + 600 })}.`;
    await expect401(`Bearer ${token}`);
  });

  it('answers 401 for a token signed with another HMAC algorithm (HS512) and the same secret', async () => {
    const token = jwt.sign({}, secret, { algorithm: 'HS512', audience, subject: '1', expiresIn: 600 });
    await expect401(`Bearer ${token}`);
  });

  it('answers 401 for a tampered payload (sub changed, signature kept)', async () => {
    const [header, , signature] = sign(42).split('.');
    const now = Math.floor(Date.now() / 1000);
    const forged = `${header}.${b64({ sub: '1', aud: audience, iat: now, exp: now + 600 })}.${signature}`;
    await expect401(`Bearer ${forged}`);
  });

  it('answers 401 for a token signed with another secret', () =>
    expect401(`Bearer ${sign(42, { secret: 'another-secret-that-is-long-enough-9876543210' })}`));

  it('answers 401 for another audience', () => expect401(`Bearer ${sign(42, { audience: 'someone-else' })}`));

  it('answers 401 for an expired token', async () => {
    const token = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 60 }, secret, {
      algorithm: 'HS256',
      audience,
      subject: '42',
    });
    await expect401(`Bearer ${token}`);
  });

  it('answers 401 when sub is not a user id', async () => {
    const token = jwt.sign({}, secret, { algorithm: 'HS256', audience, subject: 'admin', expiresIn: 600 });
    await expect401(`Bearer ${token}`);
  });

  it('answers 401, not a database error, for a signed sub past the largest stored user id', async () => {
    for (const subject of ['2147483648', '9999999999999999']) {
      const token = jwt.sign({}, secret, { algorithm: 'HS256', audience, subject, expiresIn: 600 });
      await expect401(`Bearer ${token}`);
    }
  });

  it('answers 401 for garbage', () => expect401('Bearer not.a.jwt'));

  it('reads exactly one token after Bearer: a valid token followed by anything else is a 401', async () => {
    const token = sign(1);
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
      .set('Authorization', `Bearer ${sign(1)}`)
      .expect(200);
    expect(res.body).toEqual({ ok: true, id: 1 });
  });

  it('answers 403 for a signed-in non-admin even when the token claims admin', async () => {
    const token = signAccessToken(
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
      .set('Authorization', `Bearer ${sign(13)}`)
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
      .set('Authorization', `Bearer ${sign(1)}`)
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
    const call = (userId: number, token = sign(userId)) =>
      request(remoteApp).get('/api/admin').set('Authorization', `Bearer ${token}`);
    const adminToken = sign(1);
    expect((await call(1, adminToken)).status).toBe(200);
    expect(asked).toEqual([[1, adminToken]]);
    expect((await call(2)).body).toEqual({ error: 'forbidden', message: 'Admin only' });
    expect((await call(3)).body).toEqual({ error: 'unauthorized', message: 'This account no longer exists' });
    const down = await call(4);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'service_unavailable', message: 'Ask again later' });
  });
});
