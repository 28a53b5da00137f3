import type { Redis } from 'ioredis';

/**
 * Which steps each run's jobs were last all added for, as a fingerprint (planFingerprint). A PUT whose
 * previous steps carry the mark adds only the jobs that are new; any other (no mark, Redis lost it, the
 * last job change failed, another PUT or a dismissal came in between) adds the whole plan again. Marks
 * are written after the jobs (Redis's append-only file keeps that order), under the run's lock, and lapse
 * after two days, longer than any contest day. Keys under the service's prefix (the client's keyPrefix).
 */
export type RunPlanMarks = {
  /** The fingerprint of the steps whose jobs were last all added; null when unknown. */
  plannedFor: (userId: number, runId: string) => Promise<string | null>;
  markPlanned: (userId: number, runId: string, fingerprint: string) => Promise<void>;
  /**
   * Drops the mark of a run whose steps call for no job: its mark would tell a later PUT nothing (there are
   * no jobs to leave out), and keeping one per such run would let PUTs of runs without alerts ahead, which
   * the per-user limit does not count, fill Redis.
   */
  forget: (userId: number, runId: string) => Promise<void>;
};

export const RUN_PLAN_MARK_TTL_MS = 2 * 24 * 60 * 60 * 1000;

const keyOf = (userId: number, runId: string) => `notifier:run-planned:${userId}:${runId}`;

export const createRunPlanMarks = (client: Redis): RunPlanMarks => ({
  plannedFor: (userId, runId) => client.get(keyOf(userId, runId)),
  markPlanned: async (userId, runId, fingerprint) => {
    await client.set(keyOf(userId, runId), fingerprint, 'PX', RUN_PLAN_MARK_TTL_MS);
  },
  forget: async (userId, runId) => {
    await client.del(keyOf(userId, runId));
  },
});
