import type { Redis } from 'ioredis';

/**
 * Which Redis server the queue was last planned on. Redis's run_id changes at every restart: a restart
 * can lose the last second of writes (append-only fsync every second) and a new or wiped Redis loses
 * every delayed job, so a run_id other than the marked one means "plan the queue again from PostgreSQL".
 * Keys under the service's prefix (the client's keyPrefix).
 */
export type QueuePlanMarker = {
  /** The Redis server's run_id now. */
  serverRunId: () => Promise<string>;
  /** The run_id the queue was last fully planned on; null when never (or Redis lost the marker too). */
  plannedOn: () => Promise<string | null>;
  /** Takes the planning for this run_id (one process plans; the claim lapses after ttlMs). */
  claim: (runId: string, ttlMs: number) => Promise<boolean>;
  markPlanned: (runId: string) => Promise<void>;
};

const plannedKey = 'notifier:queue-planned-on';
const claimKey = 'notifier:queue-planning';

export const createQueuePlanMarker = (client: Redis): QueuePlanMarker => ({
  serverRunId: async () => {
    const info = await client.info('server');
    const runId = /^run_id:(\w+)/m.exec(info)?.[1];
    if (!runId) throw new Error('Redis INFO server has no run_id');
    return runId;
  },
  plannedOn: () => client.get(plannedKey),
  claim: async (runId, ttlMs) => (await client.set(claimKey, runId, 'PX', ttlMs, 'NX')) === 'OK',
  markPlanned: async (runId) => {
    await client.set(plannedKey, runId);
    await client.del(claimKey);
  },
});
