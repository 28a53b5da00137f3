import type { Redis } from 'ioredis';
import { dependencyRetryAfterSeconds } from './http/handlers';
import { unavailable, type HttpError } from './http/errors';

/**
 * The one Redis key of a user's token generation, as stored (whatever keyPrefix a client carries).
 * `prefix` is REDIS_KEY_PREFIX: every service (auth, licensing, the notifier) shares it, so they all read
 * the one counter auth bumps.
 */
export const tokenGenerationKey = (prefix: string, userId: number) => `${prefix}token-gen:${userId}`;

export type TokenGenerations = {
  /** The user's generation now; a user never bumped is generation 0. */
  current: (userId: number) => Promise<number>;
  /** Makes every access token issued so far for the user invalid at once; answers the new generation. */
  bump: (userId: number) => Promise<number>;
};

const storeFailure = (cause: unknown): HttpError => {
  const error = unavailable(
    'Sessions cannot be checked right now; try again shortly',
    undefined,
    dependencyRetryAfterSeconds,
  );
  error.cause = cause;
  return error;
};

/**
 * A per-user counter in Redis that access tokens carry as their `gen` claim (createAuth's `generations`
 * compares the two on every request). Deleting a user or changing their role bumps it, which ends that
 * user's access tokens on every service at once instead of when they expire.
 *
 * The key never expires. A TTL would have to outlive the longest access token, and even then a counter
 * that expired and was bumped again would count from 0 and accept tokens of its earlier life. The cost is
 * one small integer key per user ever deleted or re-roled. Redis being flushed resets every counter to 0:
 * tokens issued before their user's last bump are then accepted again until they expire
 * (ACCESS_TOKEN_TTL_SECONDS).
 *
 * When Redis is not connected both calls fail fast with a 503 (Retry-After): a session that cannot be
 * checked is never accepted.
 */
export const createTokenGenerations = (redis: Redis, prefix: string): TokenGenerations => {
  // ioredis adds the client's keyPrefix to every key: address the same stored key through any client.
  const clientPrefix = redis.options.keyPrefix ?? '';
  if (!prefix.startsWith(clientPrefix)) {
    throw new Error(
      `token generations: prefix "${prefix}" must start with the Redis client's keyPrefix "${clientPrefix}"`,
    );
  }
  const keyOf = (userId: number) => tokenGenerationKey(prefix, userId).slice(clientPrefix.length);
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    // Not queued while Redis reconnects: the request is answered 503 now, not after the retries.
    if (redis.status !== 'ready') throw storeFailure(new Error(`redis is ${redis.status}`));
    try {
      return await command();
    } catch (err) {
      throw storeFailure(err);
    }
  };
  return {
    current: async (userId) => {
      const stored = await run(() => redis.get(keyOf(userId)));
      if (stored === null) return 0;
      const generation = Number(stored);
      if (!Number.isSafeInteger(generation) || generation < 0) {
        throw storeFailure(new Error(`token generation of user ${userId} is not a count`));
      }
      return generation;
    },
    bump: (userId) => run(() => redis.incr(keyOf(userId))),
  };
};
