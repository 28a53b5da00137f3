import { API_PATHS } from '@pitclock/contracts/api-paths';
import { SyncPullRequest, SyncPushRequest } from '@pitclock/contracts/schemas';
import { getAuthUser, parse } from '@pitclock/kit';
import { Router, type RequestHandler } from 'express';
import { pull, push, type SyncDeps } from '../../application/sync';

export type SyncRoutesDeps = SyncDeps & { requireUser: RequestHandler };

/** POST /api/sync/push and POST /api/sync/pull. */
export const createSyncRoutes = ({ requireUser, ...deps }: SyncRoutesDeps): Router => {
  const router = Router();

  router.post(API_PATHS.syncPush, requireUser, async (req, res) => {
    const body = parse(SyncPushRequest, req.body);
    res.json(await push(deps, getAuthUser(req).id, body));
  });

  router.post(API_PATHS.syncPull, requireUser, async (req, res) => {
    const body = parse(SyncPullRequest, req.body);
    res.json(await pull(deps, getAuthUser(req).id, body));
  });

  return router;
};
