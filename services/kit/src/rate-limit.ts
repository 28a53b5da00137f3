import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooMany, unavailable, type HttpError } from './http/errors';

export type RateLimitOptions = {
  /** The service's ioredis client: its keyPrefix applies, so counters live under REDIS_KEY_PREFIX. */
  redis: Redis;
  /** Names the counter in Redis (`rl:<name>:<hashed key>`); one name per rule. */
  name: string;
  /** How many points a key may take per window. */
  points: number;
  /** The window in seconds (fixed window starting at the key's first point). */
  durationSeconds: number;
  /** The 429 message; receives the seconds until the key may try again. */
  message?: (retryAfterSeconds: number) => string;
};

export type RateLimitState = { remaining: number; retryAfterSeconds: number };

export type RateLimit = {
  /**
   * Takes points from the key. Throws a 429 HttpError (error shape, Retry-After header, details
   * { limit, retry_after_seconds }) when the key has none left, and a 503 when Redis cannot answer:
   * a limit that cannot be checked is not silently skipped.
   */
  consume: (key: string, points?: number) => Promise<RateLimitState>;
  /** Gives points back (e.g. a login that turned out to be right). Never below zero. */
  reward: (key: string, points?: number) => Promise<void>;
  /** Forgets the key's counter. */
  reset: (key: string) => Promise<void>;
};

const retryAfter = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** Keys are hashed so that e-mail addresses and IPs are not stored in Redis in the clear. */
const hashKey = (key: string): string => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/**
 * A fixed-window rate limit kept in Redis (rate-limiter-flexible's RateLimiterRedis), so that a limit
 * holds across every instance of a service that shares the Redis server and key prefix.
 */
export const createRateLimit = ({
  redis,
  name,
  points,
  durationSeconds,
  message = (seconds) => `Too many requests. Try again in ${seconds} seconds.`,
}: RateLimitOptions): RateLimit => {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `rl:${name}`,
    points,
    duration: durationSeconds,
    rejectIfRedisNotReady: true,
  });
  const storeFailure = (err: unknown): HttpError => {
    const error = unavailable('Rate limiting is unavailable; try again shortly');
    error.cause = err;
    return error;
  };
  return {
    consume: async (key, count = 1) => {
      try {
        const res = await limiter.consume(hashKey(key), count);
        return { remaining: res.remainingPoints, retryAfterSeconds: retryAfter(res.msBeforeNext) };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          const seconds = retryAfter(err.msBeforeNext);
          throw tooMany(message(seconds), { limit: name, retry_after_seconds: seconds }, seconds);
        }
        throw storeFailure(err);
      }
    },
    reward: async (key, count = 1) => {
      try {
        const res = await limiter.reward(hashKey(key), count);
        // reward may take a key below zero; a negative counter would grant extra attempts later.
        if (res.consumedPoints < 0) await limiter.delete(hashKey(key));
      } catch (err) {
        throw storeFailure(err);
      }
    },
    reset: async (key) => {
      try {
        await limiter.delete(hashKey(key));
      } catch (err) {
        throw storeFailure(err);
      }
    },
  };
};
