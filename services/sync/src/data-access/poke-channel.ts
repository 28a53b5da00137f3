import type { Logger, RedisHandle } from '@pitclock/kit';
import type { Redis } from 'ioredis';

/** What goes over Redis: a scope changed; `membership`: the teams of the scope's user changed. */
export type PokeMessage = { scope: string; membership?: boolean };

export type PokeChannel = {
  /** Publishes the messages to every instance (one PUBLISH each, in one round trip). */
  publish: (messages: readonly PokeMessage[]) => Promise<void>;
  /**
   * Starts this instance's one subscriber connection (on first call) and resolves once it is subscribed:
   * from then on every message published by any instance reaches `onMessage`.
   */
  listen: () => Promise<void>;
  close: () => Promise<void>;
};

const parseMessage = (text: string): PokeMessage | undefined => {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { scope, membership } = value as Record<string, unknown>;
    return typeof scope === 'string' ? { scope, membership: membership === true } : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Pokes over Redis pub/sub. Channel names are not keys, so ioredis' keyPrefix does not apply to them: the
 * channel carries the prefix itself (two deployments, or two test files, on one Redis never hear each other).
 */
export const createPokeChannel = ({
  redis,
  prefix,
  logger,
  onMessage,
}: {
  redis: RedisHandle;
  prefix: string;
  logger: Logger;
  onMessage: (message: PokeMessage) => void;
}): PokeChannel => {
  const channel = `${prefix}sync:pokes`;
  let subscriber: Redis | undefined;
  let listening: Promise<void> | undefined;

  const start = async () => {
    // A connection in subscriber mode runs no other command: its own, duplicated from the main one.
    subscriber = redis.client.duplicate();
    subscriber.on('error', (err: Error) => logger.warn({ err }, 'sync poke subscriber error'));
    subscriber.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      const message = parseMessage(text);
      if (message) onMessage(message);
    });
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.subscribe(channel);
  };

  return {
    publish: async (messages) => {
      if (messages.length === 0) return;
      const pipeline = redis.client.pipeline();
      for (const message of messages) pipeline.publish(channel, JSON.stringify(message));
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0]!;
    },
    listen: () => {
      listening ??= start().catch((err: unknown) => {
        listening = undefined;
        subscriber?.disconnect();
        throw err;
      });
      return listening;
    },
    close: async () => {
      const current = subscriber;
      subscriber = undefined;
      listening = undefined;
      if (!current) return;
      await current.quit().catch(() => current.disconnect());
    },
  };
};
