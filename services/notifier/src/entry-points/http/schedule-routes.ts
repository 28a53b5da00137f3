import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  DismissBody,
  PUSH_MESSAGES as m,
  PushScheduleInput,
  RunIdParam,
  type PushScheduleResponse,
} from '@pitclock/contracts/schemas';
import {
  badRequest,
  getAuthUser,
  HttpError,
  notFound,
  parse,
  toIssues,
  unauthorized,
  type Logger,
} from '@pitclock/kit';
import { Router, type Request, type RequestHandler } from 'express';
import {
  RunLockTimeoutError,
  type RunLocks,
  type RunPlanMarks,
  type SchedulesRepository,
  type StepAlertJobs,
  type StoredStep,
} from '../../data-access';
import type { DismissTokens } from '../../domain/dismiss-token';
import {
  alertJobChanges,
  alertsAheadAfter,
  allStageJobIds,
  hasAlertsAhead,
  planFingerprint,
} from '../../domain/job-plan';

export type ScheduleRoutesDeps = {
  schedules: SchedulesRepository;
  jobs: StepAlertJobs;
  runLocks: RunLocks;
  planMarks: RunPlanMarks;
  /** PUSH_MAX_SCHEDULED_RUNS_PER_USER: runs with alerts ahead one user may have at once. */
  maxScheduledRunsPerUser: number;
  dismissTokens: DismissTokens;
  requireUser: RequestHandler;
  logger: Logger;
  clock: () => Date;
};

const runIdOf = (req: Request): string => {
  const result = RunIdParam.safeParse(req.params.runId);
  if (!result.success) {
    throw new HttpError(400, 'validation_failed', m.runIdInvalid, { issues: toIssues(result.error) });
  }
  return result.data;
};

const storedSteps = (steps: PushScheduleInput['steps']): StoredStep[] =>
  steps.map((step) => ({
    id: step.id,
    name: step.name,
    templateName: step.template_name?.trim() || null,
    scheduledAt: new Date(step.scheduled_at),
    done: step.done,
    dismissed: step.dismissed,
  }));

/**
 * PUT and DELETE /api/push/runs/{runId}/schedule (signed in; runs are the caller's own: keyed by user and
 * run id), POST /api/push/dismiss (no bearer: the token is the authority).
 */
export const createScheduleRoutes = ({
  schedules,
  jobs,
  runLocks,
  planMarks,
  maxScheduledRunsPerUser,
  dismissTokens,
  requireUser,
  logger,
  clock,
}: ScheduleRoutesDeps): Router => {
  const router = Router();
  const withRunLock = async <T>(userId: number, runId: string, work: () => Promise<T>) => {
    try {
      return await runLocks.withRunLock(userId, runId, work);
    } catch (err) {
      if (!(err instanceof RunLockTimeoutError)) throw err;
      // Stored but its alerts not planned yet: the app sends the schedule again (its outbox retries a 503).
      throw new HttpError(503, 'service_unavailable', m.scheduleBusy);
    }
  };

  router.put(API_PATHS.pushRunSchedule, requireUser, async (req, res) => {
    const runId = runIdOf(req);
    const body = parse(PushScheduleInput, req.body ?? {}, 'Schedule');
    const userId = getAuthUser(req).id;
    const steps = storedSteps(body.steps);
    const schedule = {
      userId,
      runId,
      contestId: body.contest_id,
      contestName: body.contest_name,
      timeZone: body.time_zone ?? null,
      steps,
    };
    const now = clock();
    const previous = await schedules.replace(schedule, {
      maxRuns: maxScheduledRunsPerUser,
      hasAlertsAhead: hasAlertsAhead(steps, now),
      alertsAheadAfter: alertsAheadAfter(now),
    });
    if (previous === 'limit_reached') {
      throw new HttpError(409, 'schedule_limit_reached', m.scheduleLimitReached, {
        max_runs: maxScheduledRunsPerUser,
      });
    }
    // The jobs change once the schedule is committed (a job due at once runs at once and must find its
    // step), under the run's lock and from the steps stored now (another PUT may have come in between).
    // Only new jobs are added when the previous steps' jobs are known to be all queued (the run's plan
    // mark); otherwise the whole plan is, so that a PUT sent again after a failed or timed-out (503) job
    // change adds what the first one could not.
    const scheduled = await withRunLock(userId, runId, async () => {
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
      logger.info(
        {
          userId,
          runId,
          steps: steps.length,
          scheduled: changes.planned,
          added: changes.add.length,
          removed,
        },
        'run schedule stored',
      );
      return changes.planned;
    });
    res.json({ run_id: runId, scheduled } satisfies PushScheduleResponse);
  });

  router.delete(API_PATHS.pushRunSchedule, requireUser, async (req, res) => {
    const runId = runIdOf(req);
    const userId = getAuthUser(req).id;
    const found = await schedules.remove(userId, runId, async (previous) => {
      await jobs.removeWaiting(allStageJobIds(userId, runId, previous));
    });
    if (!found) throw notFound(m.scheduleNotFound);
    logger.info({ userId, runId }, 'run schedule deleted');
    res.status(204).end();
  });

  router.post(API_PATHS.pushDismiss, async (req, res) => {
    const { token } = parse(DismissBody, req.body ?? {}, 'Dismiss request');
    const verdict = dismissTokens.verify(token, clock());
    if (!verdict.ok) {
      const details = { reason: verdict.reason };
      throw verdict.reason === 'malformed'
        ? badRequest(m.dismissTokenInvalid, details)
        : unauthorized(m.dismissTokenInvalid, details);
    }
    const { userId, runId, stepId } = verdict.claims;
    const found = await schedules.dismissStep(userId, runId, stepId, async (before) => {
      await jobs.removeWaiting(allStageJobIds(userId, runId, [before]));
    });
    if (!found) throw notFound(m.scheduleNotFound);
    logger.info({ userId, runId, stepId }, 'step dismissed from a notification');
    res.status(204).end();
  });

  return router;
};
