import type { Db } from '@pitclock/kit';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { isCheckViolation } from '@pitclock/kit';
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

/**
 * The limit on a user's runs with alerts ahead that a replace keeps: `hasAlertsAhead` says whether the new
 * steps have any; a step due after `alertsAheadAfter`, neither done nor dismissed, has.
 */
export type RunsLimit = { maxRuns: number; hasAlertsAhead: boolean; alertsAheadAfter: Date };

/** Raised by push_replace_schedule (migration 0003) when a replace would pass the user's limit. */
const RUNS_LIMIT_CONSTRAINT = 'push_schedules_runs_with_alerts_per_user';

/** Runs before the transaction commits, while the run's row is locked (the queue's jobs are changed here). */
export type WhileLocked<T, A> = (arg: A) => Promise<T>;

export type SchedulesRepository = {
  /**
   * Replaces a run's schedule atomically, in one round trip (push_replace_schedule, migration 0003), and
   * answers the steps as they were. Replaces of one run run one after the other (the run's row is locked
   * first). A replace that gives the run alerts ahead while it had none is refused, storing nothing
   * ('limit_reached'), when the user already has limit.maxRuns other runs with alerts ahead; those
   * replaces of one user are decided one after the other (a lock per user), so concurrent ones cannot
   * pass the limit together. A run that has alerts ahead may always be replaced.
   */
  replace: (schedule: ScheduleInput, limit: RunsLimit) => Promise<StoredStep[] | 'limit_reached'>;
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
  /** The run's steps as committed now, in order (none when the run is gone). */
  currentSteps: (userId: number, runId: string) => Promise<StoredStep[]>;
  /**
   * Every run with a step neither done nor dismissed and scheduled after `notBefore`, with those steps
   * (to plan the queue again after Redis lost it).
   */
  pendingRuns: (notBefore: Date) => Promise<PendingRun[]>;
};

export type PendingRun = { userId: number; runId: string; steps: StoredStep[] };

const stepColumns = {
  id: pushScheduleSteps.stepId,
  name: pushScheduleSteps.name,
  templateName: pushScheduleSteps.templateName,
  scheduledAt: pushScheduleSteps.scheduledAt,
  done: pushScheduleSteps.done,
  dismissed: pushScheduleSteps.dismissed,
};

/** A row of push_replace_schedule: a step as it was (timestamps as the driver parses them). */
type ReplacedRow = {
  id: string;
  name: string;
  template_name: string | null;
  scheduled_at: Date | string;
  done: boolean;
  dismissed: boolean;
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
  replace: async ({ userId, runId, contestId, contestName, timeZone, steps }, limit) => {
    // One array parameter per column (sql.param: drizzle would otherwise spread an array into a list).
    const column = <T>(pick: (step: StoredStep) => T) => sql.param(steps.map(pick));
    let rows: ReplacedRow[];
    try {
      ({ rows } = await db.execute<ReplacedRow>(sql`
        select * from push_replace_schedule(
          ${userId}, ${runId}, ${contestId}, ${contestName}, ${timeZone},
          ${column((s) => s.id)}::text[], ${column((s) => s.name)}::text[],
          ${column((s) => s.templateName)}::text[],
          ${column((s) => s.scheduledAt.toISOString())}::timestamptz[],
          ${column((s) => s.done)}::boolean[], ${column((s) => s.dismissed)}::boolean[],
          ${limit.hasAlertsAhead}, ${limit.alertsAheadAfter.toISOString()}::timestamptz,
          ${limit.maxRuns}::integer)`));
    } catch (err) {
      if (isCheckViolation(err, RUNS_LIMIT_CONSTRAINT)) return 'limit_reached';
      throw err;
    }
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      templateName: row.template_name,
      scheduledAt: new Date(row.scheduled_at),
      done: row.done,
      dismissed: row.dismissed,
    }));
  },

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

  currentSteps: (userId, runId) =>
    db
      .select(stepColumns)
      .from(pushScheduleSteps)
      .where(ofRun(userId, runId))
      .orderBy(asc(pushScheduleSteps.position)),

  pendingRuns: async (notBefore) => {
    const rows = await db
      .select({ userId: pushScheduleSteps.userId, runId: pushScheduleSteps.runId, ...stepColumns })
      .from(pushScheduleSteps)
      .where(
        and(
          eq(pushScheduleSteps.done, false),
          eq(pushScheduleSteps.dismissed, false),
          gt(pushScheduleSteps.scheduledAt, notBefore),
        ),
      )
      .orderBy(asc(pushScheduleSteps.userId), asc(pushScheduleSteps.runId), asc(pushScheduleSteps.position));
    const runs: PendingRun[] = [];
    for (const { userId, runId, ...step } of rows) {
      const last = runs.at(-1);
      if (last?.userId === userId && last.runId === runId) last.steps.push(step);
      else runs.push({ userId, runId, steps: [step] });
    }
    return runs;
  },
});
