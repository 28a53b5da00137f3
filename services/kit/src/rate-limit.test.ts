import express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { errorBodySchema } from './http/errors';
import { createLogger } from './logger';
import { createRateLimit } from './rate-limit';
import { createRedis, type RedisHandle } from './redis';
import { closedPort, testRedisPrefix, type TestRedisPrefix } from './testing';

const logger = createLogger({ name: 'rate-limit-test', level: 'silent' });

const appWith = (redis: RedisHandle, points: number) => {
  const limit = createRateLimit({ redis: redis.client, name: 'hits', points, durationSeconds: 60 });
  const router = express.Router();
  router.post('/api/hit/:key', async (req, res) => {
    const state = await limit.consume(req.params.key);
    res.json(state);
  });
  router.post('/api/reward/:key', async (req, res) => {
    await limit.reward(req.params.key);
    res.status(204).end();
  });
  return createServiceApp({ name: 'rl', version: { version: '1' }, logger, routers: [router] });
};

describe('createRateLimit (Redis counters shared by every instance)', () => {
  let prefix: TestRedisPrefix;
  let first: RedisHandle;
  let second: RedisHandle;

  beforeAll(async () => {
    prefix = testRedisPrefix();
    first = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    second = createRedis(prefix.url, { keyPrefix: prefix.prefix });
    await Promise.all([first.waitUntilReady(5_000), second.waitUntilReady(5_000)]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await prefix?.cleanup();
  });

  it('counts one key across two instances and answers 429 with Retry-After and the error shape', async () => {
    const a = appWith(first, 3);
    const b = appWith(second, 3);
    expect((await request(a).post('/api/hit/alice').expect(200)).body.remaining).toBe(2);
    expect((await request(b).post('/api/hit/alice').expect(200)).body.remaining).toBe(1);
    await request(a).post('/api/hit/alice').expect(200);
    const res = await request(b).post('/api/hit/alice').expect(429);
    const body = errorBodySchema.parse(res.body);
    expect(body.error).toBe('too_many_requests');
    expect(body.details).toEqual({ limit: 'hits', retry_after_seconds: expect.any(Number) });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key is not affected.
    await request(a).post('/api/hit/bob').expect(200);
  });

  it('keeps counters under the service key prefix and never stores the key in the clear', async () => {
    await request(appWith(first, 5)).post('/api/hit/secret%40example.com').expect(200);
    const raw = new Redis(prefix.url);
    try {
      const keys = await raw.keys(`${prefix.prefix}rl:hits:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(' ')).not.toContain('secret');
      expect(await raw.keys('rl:hits:*')).toEqual([]);
    } finally {
      await raw.quit();
    }
  });

  it('reward gives a point back but never takes the counter below zero', async () => {
    const app = appWith(first, 2);
    await request(app).post('/api/hit/carol').expect(200);
    await request(app).post('/api/reward/carol').expect(204);
    await request(app).post('/api/reward/carol').expect(204);
    await request(app).post('/api/reward/carol').expect(204);
    await request(app).post('/api/hit/carol').expect(200);
    await request(app).post('/api/hit/carol').expect(200);
    await request(app).post('/api/hit/carol').expect(429);
  });

  it('answers 503 with the error shape when Redis is unreachable (the limit is not skipped)', async () => {
    const dead = createRedis(`redis://127.0.0.1:${await closedPort()}`);
    try {
      const res = await request(appWith(dead, 5)).post('/api/hit/dave').expect(503);
      expect(errorBodySchema.parse(res.body).error).toBe('service_unavailable');
    } finally {
      await dead.close();
    }
  });
});
