import type { Redis } from 'ioredis';

/** What the heartbeat job records in Redis (under the client's key prefix). */
export type HeartbeatStore = {
  record: (at: Date) => Promise<number>;
  read: () => Promise<{ count: number; lastAt: string | null }>;
};

const countKey = 'notifier:heartbeat:count';
const lastKey = 'notifier:heartbeat:last';

export const createHeartbeatStore = (redis: Redis): HeartbeatStore => ({
  record: async (at) => {
    const results = await redis.multi().incr(countKey).set(lastKey, at.toISOString()).exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw failed?.[0] ?? new Error('heartbeat transaction aborted');
    return Number(results[0]?.[1]);
  },
  read: async () => {
    const [count, lastAt] = await redis.mget(countKey, lastKey);
    return { count: Number(count ?? 0), lastAt: lastAt ?? null };
  },
});
