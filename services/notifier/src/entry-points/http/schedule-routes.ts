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
import type { SchedulesRepository, StepAlertJobs, StoredStep } from '../../data-access';
import type { DismissTokens } from '../../domain/dismiss-token';
import { alertJobChanges, allStageJobIds } from '../../domain/job-plan';

export type ScheduleRoutesDeps = {
  schedules: SchedulesRepository;
  jobs: StepAlertJobs;
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
  dismissTokens,
  requireUser,
  logger,
  clock,
}: ScheduleRoutesDeps): Router => {
  const router = Router();

  router.put('/api/push/runs/:runId/schedule', requireUser, async (req, res) => {
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
    const scheduled = await schedules.replace(schedule, async (previous) => {
      const changes = alertJobChanges(userId, runId, previous, steps, clock());
      const removed = await jobs.removeWaiting(changes.remove);
      await jobs.add(changes.add);
      logger.info(
        { userId, runId, steps: steps.length, scheduled: changes.add.length, removed },
        'run schedule stored',
      );
      return changes.add.length;
    });
    res.json({ run_id: runId, scheduled } satisfies PushScheduleResponse);
  });

  router.delete('/api/push/runs/:runId/schedule', requireUser, async (req, res) => {
    const runId = runIdOf(req);
    const userId = getAuthUser(req).id;
    const found = await schedules.remove(userId, runId, async (previous) => {
      await jobs.removeWaiting(allStageJobIds(userId, runId, previous));
    });
    if (!found) throw notFound(m.scheduleNotFound);
    logger.info({ userId, runId }, 'run schedule deleted');
    res.status(204).end();
  });

  router.post('/api/push/dismiss', async (req, res) => {
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
