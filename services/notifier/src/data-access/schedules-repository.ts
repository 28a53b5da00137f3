import type { Db, Tx } from '@pitclock/kit';
import { and, asc, eq, gt, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
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
  /** BCP 47 locale of the alert body's due time (null or absent: 24-hour HH:MM). */
  locale?: string | null;
  /** The team the run is shared with (null or absent: the user's own run). */
  teamId?: string | null;
  steps: StoredStep[];
};

/** A team run's schedule, written for each member of the team (the caller among them). */
export type TeamScheduleInput = Omit<ScheduleInput, 'userId' | 'teamId'> & {
  teamId: string;
  callerId: number;
  memberIds: readonly number[];
};

/** One user's copy of a run and its steps as they were before a change. */
export type RunCopy = { userId: number; previous: StoredStep[] };

/** Why a member's copy was not written by a team replace. */
export type SkipReason = 'limit_reached' | 'not_this_team';

export type TeamReplaceResult = {
  /** Members whose copy was written (the caller first), with their steps as they were. */
  replaced: RunCopy[];
  /** Copies of this team's run held by users no longer in the team: deleted. */
  removed: RunCopy[];
  /**
   * Members whose copy was left as it was: at their limit of runs with alerts ahead, or holding that run
   * id as their own run or another team's (a member's PUT never overwrites what is not this team's).
   */
  skipped: { userId: number; reason: SkipReason }[];
};

/** One copy of a step a dismiss changed: whose, and the step as it was. */
export type DismissedCopy = { userId: number; before: StoredStep };

/** What the worker needs to re-check and word one step's alert. */
export type StepAlertSource = StoredStep & {
  contestId: string;
  contestName: string;
  timeZone: string | null;
  locale: string | null;
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
  /**
   * Writes a team run's schedule for every member in one transaction, and deletes the copies of that team's
   * run held by users who are no longer members. 'limit_reached', and nothing stored, when the caller's
   * own copy would pass the caller's limit; another member at their limit is skipped. Team replaces,
   * removals and dismissals of one run run one after the other (a lock per team and run).
   */
  replaceTeam: (
    schedule: TeamScheduleInput,
    limit: RunsLimit,
  ) => Promise<TeamReplaceResult | 'limit_reached'>;
  /** The team of the user's copy of a run: null for the user's own run, undefined when there is none. */
  teamOf: (userId: number, runId: string) => Promise<string | null | undefined>;
  /** Deletes a run's schedule (steps too); false, and whileLocked not called, when there is none. */
  remove: (userId: number, runId: string, whileLocked: WhileLocked<void, StoredStep[]>) => Promise<boolean>;
  /** Deletes every copy of a team's run (steps too); false, and whileLocked not called, when there is none. */
  removeTeamRun: (
    teamId: string,
    runId: string,
    whileLocked: WhileLocked<void, RunCopy[]>,
  ) => Promise<boolean>;
  /**
   * Marks one step dismissed in the user's copy of the run and, when that copy belongs to a team, in every
   * copy of that team's run; false, and whileLocked not called, when the user's copy has no such step.
   */
  dismissStep: (
    userId: number,
    runId: string,
    stepId: string,
    whileLocked: WhileLocked<void, DismissedCopy[]>,
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

const toStoredSteps = (rows: ReplacedRow[]): StoredStep[] =>
  rows.map((row) => ({
    id: row.id,
    name: row.name,
    templateName: row.template_name,
    scheduledAt: new Date(row.scheduled_at),
    done: row.done,
    dismissed: row.dismissed,
  }));

/** The call of push_replace_schedule (migration 0005) for one user's copy. */
const replaceCall = (
  { userId, runId, contestId, contestName, timeZone, locale = null, teamId = null, steps }: ScheduleInput,
  limit: RunsLimit,
): SQL => {
  // One array parameter per column (sql.param: drizzle would otherwise spread an array into a list).
  const column = <T>(pick: (step: StoredStep) => T) => sql.param(steps.map(pick));
  return sql`
    select * from push_replace_schedule(
      ${userId}, ${runId}, ${contestId}, ${contestName}, ${timeZone},
      ${column((s) => s.id)}::text[], ${column((s) => s.name)}::text[],
      ${column((s) => s.templateName)}::text[],
      ${column((s) => s.scheduledAt.toISOString())}::timestamptz[],
      ${column((s) => s.done)}::boolean[], ${column((s) => s.dismissed)}::boolean[],
      ${limit.hasAlertsAhead}, ${limit.alertsAheadAfter.toISOString()}::timestamptz,
      ${limit.maxRuns}::integer, ${teamId}::uuid, ${locale}::text)`;
};

/**
 * Serialises the writers of every copy of one team's run (replace, remove, dismiss), taken first in their
 * transaction: they then lock the copies' rows in any order without deadlocking each other.
 */
const lockTeamRun = (tx: Tx, teamId: string, runId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(7140302, hashtext(${`${teamId}:${runId}`}))`);

const ofTeamRun = (teamId: string, runId: string) =>
  and(eq(pushSchedules.teamId, teamId), eq(pushSchedules.runId, runId));

/** The steps of several users' copies of a run, by user. */
const copiesOf = async (tx: Tx, runId: string, userIds: readonly number[]): Promise<RunCopy[]> => {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ userId: pushScheduleSteps.userId, ...stepColumns })
    .from(pushScheduleSteps)
    .where(and(eq(pushScheduleSteps.runId, runId), inArray(pushScheduleSteps.userId, [...userIds])))
    .orderBy(asc(pushScheduleSteps.userId), asc(pushScheduleSteps.position));
  return userIds.map((userId) => ({
    userId,
    previous: rows.filter((row) => row.userId === userId).map(({ userId: _user, ...step }) => step),
  }));
};

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

const teamOfCopy = async (db: Db, userId: number, runId: string): Promise<string | null | undefined> => {
  const [row] = await db
    .select({ teamId: pushSchedules.teamId })
    .from(pushSchedules)
    .where(and(eq(pushSchedules.userId, userId), eq(pushSchedules.runId, runId)));
  return row?.teamId;
};

export const createSchedulesRepository = (db: Db): SchedulesRepository => ({
  replace: async (schedule, limit) => {
    try {
      const { rows } = await db.execute<ReplacedRow>(replaceCall(schedule, limit));
      return toStoredSteps(rows);
    } catch (err) {
      if (isCheckViolation(err, RUNS_LIMIT_CONSTRAINT)) return 'limit_reached';
      throw err;
    }
  },

  replaceTeam: async ({ teamId, callerId, memberIds, ...schedule }, limit) => {
    const { runId } = schedule;
    // Members in id order: every writer takes the users' limit locks in the same order (no deadlock).
    const members = [...new Set([callerId, ...memberIds])].sort((a, b) => a - b);
    try {
      return await db.transaction(async (tx) => {
        await lockTeamRun(tx, teamId, runId);
        const held = await tx
          .select({ userId: pushSchedules.userId, teamId: pushSchedules.teamId })
          .from(pushSchedules)
          .where(and(eq(pushSchedules.runId, runId), inArray(pushSchedules.userId, members)));
        const result: TeamReplaceResult = { replaced: [], removed: [], skipped: [] };
        for (const userId of members) {
          const copy = held.find((row) => row.userId === userId);
          if (userId !== callerId && copy && copy.teamId !== teamId) {
            result.skipped.push({ userId, reason: 'not_this_team' });
            continue;
          }
          const call = replaceCall({ ...schedule, userId, teamId }, limit);
          if (userId === callerId) {
            // The caller's limit refuses the whole change (the error rolls the transaction back).
            const { rows } = await tx.execute<ReplacedRow>(call);
            result.replaced.unshift({ userId, previous: toStoredSteps(rows) });
            continue;
          }
          try {
            const { rows } = await tx.transaction((savepoint) => savepoint.execute<ReplacedRow>(call));
            result.replaced.push({ userId, previous: toStoredSteps(rows) });
          } catch (err) {
            if (!isCheckViolation(err, RUNS_LIMIT_CONSTRAINT)) throw err;
            result.skipped.push({ userId, reason: 'limit_reached' });
          }
        }
        const gone = await tx
          .select({ userId: pushSchedules.userId })
          .from(pushSchedules)
          .where(and(ofTeamRun(teamId, runId), notInArray(pushSchedules.userId, members)))
          .orderBy(asc(pushSchedules.userId))
          .for('update');
        result.removed = await copiesOf(
          tx,
          runId,
          gone.map((row) => row.userId),
        );
        if (gone.length > 0) {
          await tx
            .delete(pushSchedules)
            .where(and(ofTeamRun(teamId, runId), notInArray(pushSchedules.userId, members)));
        }
        return result;
      });
    } catch (err) {
      if (isCheckViolation(err, RUNS_LIMIT_CONSTRAINT)) return 'limit_reached';
      throw err;
    }
  },

  teamOf: (userId, runId) => teamOfCopy(db, userId, runId),

  removeTeamRun: (teamId, runId, whileLocked) =>
    db.transaction(async (tx) => {
      await lockTeamRun(tx, teamId, runId);
      const rows = await tx
        .select({ userId: pushSchedules.userId })
        .from(pushSchedules)
        .where(ofTeamRun(teamId, runId))
        .orderBy(asc(pushSchedules.userId))
        .for('update');
      if (rows.length === 0) return false;
      const copies = await copiesOf(
        tx,
        runId,
        rows.map((row) => row.userId),
      );
      await tx.delete(pushSchedules).where(ofTeamRun(teamId, runId));
      await whileLocked(copies);
      return true;
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

  dismissStep: async (userId, runId, stepId, whileLocked) => {
    const teamId = await teamOfCopy(db, userId, runId);
    if (teamId === undefined) return false;
    return db.transaction(async (tx) => {
      let users: number[] = [];
      if (teamId !== null) {
        await lockTeamRun(tx, teamId, runId);
        const copies = await tx
          .select({ userId: pushSchedules.userId })
          .from(pushSchedules)
          .where(ofTeamRun(teamId, runId))
          .orderBy(asc(pushSchedules.userId))
          .for('update');
        // Unless the user's copy left the team in between (a PUT of their own run): then it alone is.
        if (copies.some((copy) => copy.userId === userId)) users = copies.map((copy) => copy.userId);
      }
      if (users.length === 0) {
        if (!(await lockRun(tx, userId, runId))) return false;
        users = [userId];
      }
      const ofStep = and(
        eq(pushScheduleSteps.runId, runId),
        eq(pushScheduleSteps.stepId, stepId),
        inArray(pushScheduleSteps.userId, users),
      );
      const before = await tx
        .select({ userId: pushScheduleSteps.userId, ...stepColumns })
        .from(pushScheduleSteps)
        .where(ofStep);
      if (!before.some((copy) => copy.userId === userId)) return false;
      await tx.update(pushScheduleSteps).set({ dismissed: true }).where(ofStep);
      await whileLocked(before.map(({ userId: owner, ...step }) => ({ userId: owner, before: step })));
      return true;
    });
  },

  findStepAlert: async (userId, runId, stepId) => {
    const [row] = await db
      .select({
        ...stepColumns,
        contestId: pushSchedules.contestId,
        contestName: pushSchedules.contestName,
        timeZone: pushSchedules.timeZone,
        locale: pushSchedules.locale,
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
