import { PUSH_MESSAGES as m, type PushScheduleInput } from '@pitclock/contracts/schemas';
import { forbidden } from '@pitclock/kit';
import type { RunCopy } from '../data-access';
import { alertsAheadAfter, allStageJobIds, hasAlertsAhead } from '../domain/job-plan';
import {
  replanAlertJobs,
  scheduleLimitReached,
  storedSteps,
  withRunLock,
  type CallerRun,
  type RunSchedulesDeps,
} from './run-schedules';
import { teamMembersFor } from './team-members';

/**
 * Stores a team run's schedule (PUT /api/push/runs/{runId}/schedule with team_id) for every member of the
 * team, as if each member's phone had sent it: their own copy, their own jobs, pushed to their own
 * subscriptions. So a step completed, dismissed or snoozed by any member moves everyone's alerts, also
 * theirs whose phone is closed. The copies of users no longer in the team are deleted with their jobs.
 * 403 (nothing stored) unless the sync service says the caller is a member; 503 when it cannot say.
 */
export const storeTeamRunSchedule = async (
  deps: RunSchedulesDeps,
  caller: CallerRun,
  input: PushScheduleInput,
  teamId: string,
): Promise<{ scheduled: number }> => {
  const { schedules, maxScheduledRunsPerUser, clock, logger } = deps;
  const { userId, runId } = caller;
  const memberIds = await teamMembersFor(deps, caller, teamId);
  if (memberIds === null) throw forbidden(m.teamForbidden);
  const steps = storedSteps(input.steps);
  const now = clock();
  const result = await schedules.replaceTeam(
    {
      teamId,
      callerId: userId,
      memberIds,
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
  if (result === 'limit_reached') throw scheduleLimitReached(maxScheduledRunsPerUser);

  await removeJobsOf(deps, runId, result.removed);
  // Each member's jobs under that member's run lock, as their own PUT would change them.
  const outcomes = await Promise.allSettled(
    result.replaced.map((copy) =>
      withRunLock(deps, { userId: copy.userId, runId }, () =>
        replanAlertJobs(deps, { userId: copy.userId, runId }, copy.previous),
      ),
    ),
  );
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const planned = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.planned : 0));
  logger.info(
    {
      userId,
      runId,
      teamId,
      steps: steps.length,
      members: result.replaced.map((copy) => copy.userId),
      removed: result.removed.map((copy) => copy.userId),
      skipped: result.skipped,
      scheduled: planned[0],
    },
    'team run schedule stored for every member',
  );
  // The caller's copy comes first.
  return { scheduled: planned[0] ?? 0 };
};

/** The waiting jobs (and plan marks) of deleted copies. A job that escapes finds its step gone. */
const removeJobsOf = async ({ jobs, planMarks }: RunSchedulesDeps, runId: string, copies: RunCopy[]) => {
  if (copies.length === 0) return;
  await jobs.removeWaiting(copies.flatMap((copy) => allStageJobIds(copy.userId, runId, copy.previous)));
  await Promise.all(copies.map((copy) => planMarks.forget(copy.userId, runId)));
};
