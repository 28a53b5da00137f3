import type { Db } from '@pitclock/kit';
import { and, asc, eq, sql } from 'drizzle-orm';
import { pushSchedules, pushScheduleSteps } from './schema';

export type StoredStep = {
  id: string;
  name: string;
  templateName: string | null;
  scheduledAt: Date;
  done: boolean;
  dismissed: boolean;
};

export type ScheduleInput = {
  userId: number;
  runId: string;
  contestId: string;
  contestName: string;
  timeZone: string | null;
  steps: StoredStep[];
};

/** What the worker needs to re-check and word one step's alert. */
export type StepAlertSource = StoredStep & {
  contestId: string;
  contestName: string;
  timeZone: string | null;
};

/** Runs before the transaction commits, while the run's row is locked (the queue's jobs are changed here). */
export type WhileLocked<T, A> = (arg: A) => Promise<T>;

export type SchedulesRepository = {
  /**
   * Replaces a run's schedule in one transaction. The upsert of the run's row locks it first, so
   * concurrent replaces of one run run one after the other; whileLocked gets the steps as they were.
   */
  replace: <T>(schedule: ScheduleInput, whileLocked: WhileLocked<T, StoredStep[]>) => Promise<T>;
  /** Deletes a run's schedule (steps too); false, and whileLocked not called, when there is none. */
  remove: (userId: number, runId: string, whileLocked: WhileLocked<void, StoredStep[]>) => Promise<boolean>;
  /** Marks one step dismissed; false, and whileLocked not called, when the run has no such step. */
  dismissStep: (
    userId: number,
    runId: string,
    stepId: string,
    whileLocked: WhileLocked<void, StoredStep>,
  ) => Promise<boolean>;
  findStepAlert: (userId: number, runId: string, stepId: string) => Promise<StepAlertSource | undefined>;
};

const stepColumns = {
  id: pushScheduleSteps.stepId,
  name: pushScheduleSteps.name,
  templateName: pushScheduleSteps.templateName,
  scheduledAt: pushScheduleSteps.scheduledAt,
  done: pushScheduleSteps.done,
  dismissed: pushScheduleSteps.dismissed,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ofRun = (userId: number, runId: string) =>
  and(eq(pushScheduleSteps.userId, userId), eq(pushScheduleSteps.runId, runId));

const stepsOf = (tx: Tx, userId: number, runId: string): Promise<StoredStep[]> =>
  tx
    .select(stepColumns)
    .from(pushScheduleSteps)
    .where(ofRun(userId, runId))
    .orderBy(asc(pushScheduleSteps.position));

const lockRun = async (tx: Tx, userId: number, runId: string): Promise<boolean> => {
  const rows = await tx
    .select({ runId: pushSchedules.runId })
    .from(pushSchedules)
    .where(and(eq(pushSchedules.userId, userId), eq(pushSchedules.runId, runId)))
    .for('update');
  return rows.length > 0;
};

export const createSchedulesRepository = (db: Db): SchedulesRepository => ({
  replace: (schedule, whileLocked) =>
    db.transaction(async (tx) => {
      const { userId, runId, contestId, contestName, timeZone, steps } = schedule;
      await tx
        .insert(pushSchedules)
        .values({ userId, runId, contestId, contestName, timeZone })
        .onConflictDoUpdate({
          target: [pushSchedules.userId, pushSchedules.runId],
          set: { contestId, contestName, timeZone, updatedAt: sql`now()` },
        });
      const previous = await stepsOf(tx, userId, runId);
      await tx.delete(pushScheduleSteps).where(ofRun(userId, runId));
      if (steps.length > 0) {
        await tx.insert(pushScheduleSteps).values(
          steps.map((step, position) => ({
            userId,
            runId,
            stepId: step.id,
            position,
            name: step.name,
            templateName: step.templateName,
            scheduledAt: step.scheduledAt,
            done: step.done,
            dismissed: step.dismissed,
          })),
        );
      }
      return whileLocked(previous);
    }),

  remove: (userId, runId, whileLocked) =>
    db.transaction(async (tx) => {
      if (!(await lockRun(tx, userId, runId))) return false;
      const previous = await stepsOf(tx, userId, runId);
      await tx
        .delete(pushSchedules)
        .where(and(eq(pushSchedules.userId, userId), eq(pushSchedules.runId, runId)));
      await whileLocked(previous);
      return true;
    }),

  dismissStep: (userId, runId, stepId, whileLocked) =>
    db.transaction(async (tx) => {
      if (!(await lockRun(tx, userId, runId))) return false;
      const [before] = await tx
        .select(stepColumns)
        .from(pushScheduleSteps)
        .where(and(ofRun(userId, runId), eq(pushScheduleSteps.stepId, stepId)));
      if (!before) return false;
      await tx
        .update(pushScheduleSteps)
        .set({ dismissed: true })
        .where(and(ofRun(userId, runId), eq(pushScheduleSteps.stepId, stepId)));
      await whileLocked(before);
      return true;
    }),

  findStepAlert: async (userId, runId, stepId) => {
    const [row] = await db
      .select({
        ...stepColumns,
        contestId: pushSchedules.contestId,
        contestName: pushSchedules.contestName,
        timeZone: pushSchedules.timeZone,
      })
      .from(pushScheduleSteps)
      .innerJoin(
        pushSchedules,
        and(
          eq(pushSchedules.userId, pushScheduleSteps.userId),
          eq(pushSchedules.runId, pushScheduleSteps.runId),
        ),
      )
      .where(and(ofRun(userId, runId), eq(pushScheduleSteps.stepId, stepId)));
    return row;
  },
});
