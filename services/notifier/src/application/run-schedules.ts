import { PUSH_MESSAGES as m, type PushScheduleInput } from '@pitclock/contracts/schemas';
import { badRequest, HttpError, notFound, unauthorized, type Logger } from '@pitclock/kit';
import {
  RunLockTimeoutError,
  type RunLocks,
  type RunPlanMarks,
  type SchedulesRepository,
  type StepAlertJobs,
  type StoredStep,
} from '../data-access';
import type { DismissTokens } from '../domain/dismiss-token';
import { teamMembersFor, type TeamMembersDeps } from './team-members';
import {
  alertJobChanges,
  alertsAheadAfter,
  allStageJobIds,
  hasAlertsAhead,
  planFingerprint,
} from '../domain/job-plan';

export type RunSchedulesDeps = {
  schedules: SchedulesRepository;
  jobs: StepAlertJobs;
  runLocks: RunLocks;
  planMarks: RunPlanMarks;
  /** PUSH_MAX_SCHEDULED_RUNS_PER_USER: runs with alerts ahead one user may have at once. */
  maxScheduledRunsPerUser: number;
  dismissTokens: DismissTokens;
  logger: Logger;
  clock: () => Date;
} & TeamMembersDeps;

/** A run of one user: runs are their user's own, keyed by user and run id. */
export type RunKey = { userId: number; runId: string };

/** A run of the signed-in caller, with their bearer token (the sync service is asked with it). */
export type CallerRun = RunKey & { token: string };

/**
 * Stores a run's schedule (PUT /api/push/runs/{runId}/schedule) and then brings the run's alert jobs in
 * line with the steps stored; answers how many alerts are planned. Past the user's limit of runs with
 * alerts ahead it stores nothing (409 schedule_limit_reached).
 */
export const storeRunSchedule = async (
  deps: RunSchedulesDeps,
  run: RunKey,
  input: PushScheduleInput,
): Promise<{ scheduled: number }> => {
  const steps = storedSteps(input.steps);
  const previous = await replaceSchedule(deps, run, input, steps);
  // The jobs change once the schedule is committed (a job due at once runs at once and must find its
  // step), under the run's lock and from the steps stored now (another PUT may have come in between).
  const changes = await withRunLock(deps, run, () => replanAlertJobs(deps, run, previous));
  deps.logger.info(
    {
      userId: run.userId,
      runId: run.runId,
      steps: steps.length,
      scheduled: changes.planned,
      added: changes.added,
      removed: changes.removed,
    },
    'run schedule stored',
  );
  return { scheduled: changes.planned };
};

/**
 * Deletes a run's schedule and its waiting alert jobs (DELETE /api/push/runs/{runId}/schedule). A team
 * run's DELETE by a member deletes every member's copy; by someone no longer in the team (their phone
 * dropped the team's records) only their own copy.
 */
export const deleteRunSchedule = async (deps: RunSchedulesDeps, caller: CallerRun): Promise<void> => {
  const { schedules, jobs, logger } = deps;
  const { userId, runId } = caller;
  const teamId = await schedules.teamOf(userId, runId);
  if (teamId === undefined) throw notFound(m.scheduleNotFound);
  if (teamId !== null && (await teamMembersFor(deps, caller, teamId)) !== null) {
    const found = await schedules.removeTeamRun(teamId, runId, async (copies) => {
      await jobs.removeWaiting(copies.flatMap((copy) => allStageJobIds(copy.userId, runId, copy.previous)));
    });
    if (!found) throw notFound(m.scheduleNotFound);
    logger.info({ userId, runId, teamId }, 'team run schedule deleted for every member');
    return;
  }
  const found = await schedules.remove(userId, runId, async (previous) => {
    await jobs.removeWaiting(allStageJobIds(userId, runId, previous));
  });
  if (!found) throw notFound(m.scheduleNotFound);
  logger.info({ userId, runId }, 'run schedule deleted');
};

/**
 * Marks a step dismissed from a notification's action and cancels its waiting alerts (POST
 * /api/push/dismiss). The signed token is the authority: no bearer token is asked for. In a team run's
 * copy the step is dismissed in every member's copy (the team stored on the token's user's copy).
 */
export const dismissStep = async (
  { schedules, jobs, dismissTokens, logger, clock }: RunSchedulesDeps,
  token: string,
): Promise<void> => {
  const verdict = dismissTokens.verify(token, clock());
  if (!verdict.ok) {
    const details = { reason: verdict.reason };
    throw verdict.reason === 'malformed'
      ? badRequest(m.dismissTokenInvalid, details)
      : unauthorized(m.dismissTokenInvalid, details);
  }
  const { userId, runId, stepId } = verdict.claims;
  const found = await schedules.dismissStep(userId, runId, stepId, async (copies) => {
    await jobs.removeWaiting(copies.flatMap((copy) => allStageJobIds(copy.userId, runId, [copy.before])));
  });
  if (!found) throw notFound(m.scheduleNotFound);
  logger.info({ userId, runId, stepId }, 'step dismissed from a notification');
};

export const storedSteps = (steps: PushScheduleInput['steps']): StoredStep[] =>
  steps.map((step) => ({
    id: step.id,
    name: step.name,
    templateName: step.template_name?.trim() || null,
    scheduledAt: new Date(step.scheduled_at),
    done: step.done,
    dismissed: step.dismissed,
  }));

/** Replaces the stored schedule; answers the steps stored before (none for a new run). */
const replaceSchedule = async (
  { schedules, maxScheduledRunsPerUser, clock }: RunSchedulesDeps,
  { userId, runId }: RunKey,
  input: PushScheduleInput,
  steps: StoredStep[],
): Promise<StoredStep[]> => {
  const now = clock();
  const previous = await schedules.replace(
    {
      userId,
      runId,
      contestId: input.contest_id,
      contestName: input.contest_name,
      timeZone: input.time_zone ?? null,
      locale: input.locale ?? null,
      steps,
    },
    {
      maxRuns: maxScheduledRunsPerUser,
      hasAlertsAhead: hasAlertsAhead(steps, now),
      alertsAheadAfter: alertsAheadAfter(now),
    },
  );
  if (previous === 'limit_reached') throw scheduleLimitReached(maxScheduledRunsPerUser);
  return previous;
};

/** 409: the caller already has the most runs with alerts ahead; nothing was stored. */
export const scheduleLimitReached = (maxRuns: number) =>
  new HttpError(409, 'schedule_limit_reached', m.scheduleLimitReached, { max_runs: maxRuns });

/**
 * Runs `work` under the run's lock, shared by every API process. A lock not free in time is a 503: the
 * schedule is stored but its alerts not planned yet, and the app's outbox sends the PUT again.
 */
export const withRunLock = async <T>(
  { runLocks }: RunSchedulesDeps,
  { userId, runId }: RunKey,
  work: () => Promise<T>,
) => {
  try {
    return await runLocks.withRunLock(userId, runId, work);
  } catch (err) {
    if (!(err instanceof RunLockTimeoutError)) throw err;
    throw new HttpError(503, 'service_unavailable', m.scheduleBusy);
  }
};

/**
 * Adds and removes the run's alert jobs for the steps stored now. Only new jobs are added when the
 * previous steps' jobs are known to be all queued (the run's plan mark); otherwise the whole plan is, so
 * that a PUT sent again after a failed or timed-out (503) job change adds what the first one could not.
 */
export const replanAlertJobs = async (
  { schedules, jobs, planMarks, clock }: RunSchedulesDeps,
  { userId, runId }: RunKey,
  previous: StoredStep[],
) => {
  const [current, mark] = await Promise.all([
    schedules.currentSteps(userId, runId),
    planMarks.plannedFor(userId, runId),
  ]);
  const beforeIsPlanned = mark === planFingerprint(userId, runId, previous);
  const changes = alertJobChanges(userId, runId, previous, current, clock(), { beforeIsPlanned });
  const removed = await jobs.removeWaiting(changes.remove);
  await jobs.add(changes.add);
  if (changes.planned === 0) await planMarks.forget(userId, runId);
  else await planMarks.markPlanned(userId, runId, planFingerprint(userId, runId, current));
  return { planned: changes.planned, added: changes.add.length, removed };
};
