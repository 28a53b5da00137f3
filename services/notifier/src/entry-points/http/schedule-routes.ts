import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  DismissBody,
  PUSH_MESSAGES as m,
  PushScheduleInput,
  RunIdParam,
  type PushScheduleResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse } from '@pitclock/kit';
import { Router, type Request, type RequestHandler } from 'express';
import {
  deleteRunSchedule,
  dismissStep,
  storeRunSchedule,
  type RunSchedulesDeps,
} from '../../application/run-schedules';

export type ScheduleRoutesDeps = RunSchedulesDeps & { requireUser: RequestHandler };

const runIdOf = (req: Request): string => parse(RunIdParam, req.params.runId, { message: m.runIdInvalid });

/**
 * PUT and DELETE /api/push/runs/{runId}/schedule (signed in; runs are the caller's own: keyed by user and
 * run id), POST /api/push/dismiss (no bearer: the token is the authority).
 */
export const createScheduleRoutes = ({ requireUser, ...deps }: ScheduleRoutesDeps): Router => {
  const router = Router();

  router.put(API_PATHS.pushRunSchedule, requireUser, async (req, res) => {
    const runId = runIdOf(req);
    const input = parse(PushScheduleInput, req.body);
    const { scheduled } = await storeRunSchedule(deps, { userId: getAuthUser(req).id, runId }, input);
    res.json({ run_id: runId, scheduled } satisfies PushScheduleResponse);
  });

  router.delete(API_PATHS.pushRunSchedule, requireUser, async (req, res) => {
    const runId = runIdOf(req);
    await deleteRunSchedule(deps, { userId: getAuthUser(req).id, runId });
    res.status(204).end();
  });

  router.post(API_PATHS.pushDismiss, async (req, res) => {
    const { token } = parse(DismissBody, req.body);
    await dismissStep(deps, token);
    res.status(204).end();
  });

  return router;
};
