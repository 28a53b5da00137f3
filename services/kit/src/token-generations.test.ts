import express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { createAuth, getAuthUser, signAccessToken } from './auth';
import { errorBodySchema } from './http/errors';
import { createLogger } from './logger';
import { createRedis, type RedisHandle } from './redis';
import { closedPort, testRedisPrefix, type TestRedisPrefix } from './testing';
import { createTokenGenerations, tokenGenerationKey, type TokenGenerations } from './token-generations';

const secret = 'a-generations-secret-that-is-long-enough-0123';
const audience = 'pitclock';
const logger = createLogger({ name: 'generations-test', level: 'silent' });

const token = (userId: number, gen?: unknown) =>
  signAccessToken({ userId, claims: gen === undefined ? {} : { gen } }, { secret, audience });

/** A service app with one signed-in route and one admin route, checking generations kept in `redis`. */
const appWith = (generations: TokenGenerations) => {
  const auth = createAuth({ secret, audience, generations, isAdmin: async () => true });
  const router = express.Router();
  router.get('/api/me', auth.requireAuth, (req, res) => {
    res.json({ id: getAuthUser(req).id });
  });
  router.get('/api/admin/thing', auth.requireAdmin, (_req, res) => {
    res.json({ ok: true });
  });
  return createServiceApp({
    name: 'generations-test',
    version: { version: '1.0.0' },
    logger,
    routers: [router],
  });
};

describe('token generations (per-user counter in Redis, checked by requireAuth)', () => {
  let prefix: TestRedisPrefix;
  let redis: RedisHandle;
  let raw: Redis;
  let generations: TokenGenerations;
  let app: express.Express;
  let nextUser = 100;
  const newUser = () => (nextUser += 1);

  beforeAll(async () => {
    prefix = testRedisPrefix();
    // The service's client carries REDIS_KEY_PREFIX as its keyPrefix, as connectInfrastructure makes it.
    redis = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    await redis.waitUntilReady(5_000);
    raw = new Redis(prefix.url);
    generations = createTokenGenerations(redis.client, prefix.prefix);
    app = appWith(generations);
  });

  afterAll(async () => {
    await raw?.quit();
    await redis?.close();
    await prefix?.cleanup();
  });

  it('a user never bumped is generation 0, and a token without gen (or gen 0) is accepted', async () => {
    const id = newUser();
    expect(await generations.current(id)).toBe(0);
    await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${await token(id)}`)
      .expect(200, { id });
    await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${await token(id, 0)}`)
      .expect(200, { id });
  });

  it('after a bump every earlier token of that user answers 401 token_revoked; a token of the new generation works', async () => {
    const id = newUser();
    const other = newUser();
    const before = await token(id);
    expect(await generations.bump(id)).toBe(1);
    for (const path of ['/api/me', '/api/admin/thing']) {
      const res = await request(app).get(path).set('Authorization', `Bearer ${before}`).expect(401);
      expect(errorBodySchema.parse(res.body).error).toBe('token_revoked');
    }
    await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${await token(id, 1)}`)
      .expect(200, { id });
    // Another user's tokens are untouched.
    await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${await token(other)}`)
      .expect(200);
  });

  it('a token from a generation ahead of the stored one is refused too (only an exact match passes)', async () => {
    const id = newUser();
    const res = await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${await token(id, 3)}`)
      .expect(401);
    expect(res.body.error).toBe('token_revoked');
  });

  it('a gen claim that is not a whole number >= 0 is an invalid token (401 unauthorized)', async () => {
    const id = newUser();
    for (const gen of ['0', -1, 1.5, null, { n: 0 }]) {
      const res = await request(app)
        .get('/api/me')
        .set('Authorization', `Bearer ${await token(id, gen)}`);
      expect(res.status, JSON.stringify(gen)).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });

  it('keeps the counter at tokenGenerationKey(REDIS_KEY_PREFIX, id), with no expiry, shared by every client', async () => {
    const id = newUser();
    await generations.bump(id);
    await generations.bump(id);
    const key = tokenGenerationKey(prefix.prefix, id);
    expect(key).toBe(`${prefix.prefix}token-gen:${id}`);
    expect(await raw.get(key)).toBe('2');
    expect(await raw.ttl(key)).toBe(-1);
    // Another service's client without a keyPrefix, given the same prefix, reads the same counter.
    const unprefixed = createTokenGenerations(raw, prefix.prefix);
    expect(await unprefixed.current(id)).toBe(2);
    expect(await unprefixed.bump(id)).toBe(3);
    expect(await generations.current(id)).toBe(3);
  });

  it('refuses to be built with a prefix its client cannot address (it would read another key)', () => {
    expect(() => createTokenGenerations(redis.client, 'other:')).toThrow(/keyPrefix/);
  });

  it('when Redis is down a signed-in request answers 503 with Retry-After and the error shape, never 200 or 500', async () => {
    const dead = createRedis(`redis://127.0.0.1:${await closedPort()}`, { keyPrefix: prefix.prefix });
    try {
      const deadApp = appWith(createTokenGenerations(dead.client, prefix.prefix));
      const res = await request(deadApp)
        .get('/api/me')
        .set('Authorization', `Bearer ${await token(newUser())}`)
        .expect(503);
      expect(errorBodySchema.parse(res.body).error).toBe('service_unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await expect(createTokenGenerations(dead.client, prefix.prefix).bump(1)).rejects.toMatchObject({
        status: 503,
      });
    } finally {
      await dead.close();
    }
  });

  it('a stored value that is not a count is a 503, not an accepted token', async () => {
    const id = newUser();
    await raw.set(tokenGenerationKey(prefix.prefix, id), 'garbage');
    const res = await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${await token(id)}`)
      .expect(503);
    expect(res.body.error).toBe('service_unavailable');
  });

  it('without generations (no Redis) the middleware accepts tokens as before', async () => {
    const auth = createAuth({ secret, audience });
    const router = express.Router();
    router.get('/api/me', auth.requireAuth, (req, res) => {
      res.json({ id: getAuthUser(req).id });
    });
    const plain = createServiceApp({ name: 'plain', version: { version: '1' }, logger, routers: [router] });
    await request(plain)
      .get('/api/me')
      .set('Authorization', `Bearer ${await token(5, 7)}`)
      .expect(200, { id: 5 });
  });
});
