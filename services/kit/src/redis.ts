import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type RedisHandle = {
  client: Redis;
  /** Rejects at once when not connected, else resolves when Redis answers PING. */
  ping: () => Promise<void>;
  /** Resolves when the connection is ready; rejects after timeoutMs. */
  waitUntilReady: (timeoutMs?: number) => Promise<void>;
  /** QUIT when connected, else drop the connection (and stop reconnecting). Safe to call twice. */
  close: () => Promise<void>;
};

export type RedisOptions = { keyPrefix?: string; logger?: Logger };

/**
 * Reconnect with a growing delay capped at 2 s; keep trying while the process runs. An ioredis
 * retryStrategy: every Redis connection of a service uses it (Bull's too), so all of them are back within
 * 2 s of Redis.
 */
export const redisReconnectDelay = (attempt: number): number =>
  Math.min(50 * 2 ** Math.min(attempt, 6), 2_000);

export const createRedis = (url: string, { keyPrefix, logger }: RedisOptions = {}): RedisHandle => {
  const client = new Redis(url, {
    keyPrefix,
    retryStrategy: redisReconnectDelay,
    maxRetriesPerRequest: 3,
    connectTimeout: 5_000,
  });
  let lastError = '';
  client.on('error', (err: Error) => {
    // A down Redis errors on every reconnect attempt; log each distinct error once.
    if (err.message !== lastError) logger?.warn({ err }, 'redis connection error');
    lastError = err.message;
  });
  client.on('ready', () => {
    if (lastError) logger?.info('redis connection ready');
    lastError = '';
  });
  let closing: Promise<void> | undefined;
  return {
    client,
    ping: async () => {
      if (client.status !== 'ready') throw new Error(`redis is ${client.status}`);
      await client.ping();
    },
    waitUntilReady: (timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (client.status === 'ready') {
          resolve();
          return;
        }
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          reject(new Error(`redis not ready after ${timeoutMs} ms (${lastError || client.status})`));
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        client.once('ready', onReady);
      }),
    close: () =>
      (closing ??= (async () => {
        if (client.status === 'ready') {
          await client.quit().catch(() => client.disconnect());
        } else {
          client.disconnect();
        }
      })()),
  };
};
