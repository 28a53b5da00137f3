import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  DismissBody,
  PUSH_MESSAGES as m,
  PushScheduleInput,
  RunIdParam,
  type PushScheduleResponse,
} from '@pitclock/contracts/schemas';
import { bearerToken, getAuthUser, parse } from '@pitclock/kit';
import { Router, type Request, type RequestHandler } from 'express';
import {
  deleteRunSchedule,
  dismissStep,
  storeRunSchedule,
  type CallerRun,
  type RunSchedulesDeps,
} from '../../application/run-schedules';
import { storeTeamRunSchedule } from '../../application/team-schedules';

export type ScheduleRoutesDeps = RunSchedulesDeps & { requireUser: RequestHandler };

const runIdOf = (req: Request): string => parse(RunIdParam, req.params.runId, { message: m.runIdInvalid });

/** The signed-in caller's run (behind requireUser, so the bearer token is there). */
const callerRun = (req: Request): CallerRun => ({
  userId: getAuthUser(req).id,
  runId: runIdOf(req),
  token: bearerToken(req) ?? '',
});

/**
 * PUT and DELETE /api/push/runs/{runId}/schedule (signed in; runs are keyed by user and run id: the
 * caller's own, or a copy of a team's run for each member), POST /api/push/dismiss (no bearer: the token is
 * the authority).
 */
export const createScheduleRoutes = ({ requireUser, ...deps }: ScheduleRoutesDeps): Router => {
  const router = Router();

  router.put(API_PATHS.pushRunSchedule, requireUser, async (req, res) => {
    const run = callerRun(req);
    const input = parse(PushScheduleInput, req.body);
    // A run shared with a team (team_id) is every member's; without one it is the caller's own.
    const { scheduled } = input.team_id
      ? await storeTeamRunSchedule(deps, run, input, input.team_id.toLowerCase())
      : await storeRunSchedule(deps, run, input);
    res.json({ run_id: run.runId, scheduled } satisfies PushScheduleResponse);
  });

  router.delete(API_PATHS.pushRunSchedule, requireUser, async (req, res) => {
    await deleteRunSchedule(deps, callerRun(req));
    res.status(204).end();
  });

  router.post(API_PATHS.pushDismiss, async (req, res) => {
    const { token } = parse(DismissBody, req.body);
    await dismissStep(deps, token);
    res.status(204).end();
  });

  return router;
};
