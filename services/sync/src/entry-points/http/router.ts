import { Router } from 'express';
import { createEventRoutes, type EventRoutesDeps } from './event-routes';
import { createSyncRoutes, type SyncRoutesDeps } from './sync-routes';
import { createTeamRoutes, type TeamRoutesDeps } from './team-routes';

export type RouterDeps = SyncRoutesDeps & TeamRoutesDeps & EventRoutesDeps;

/** The sync API under /api/sync/* and the teams under /api/teams/*. */
export const createRouter = (deps: RouterDeps): Router => {
  const router = Router();
  // Answers carry account data: never cached.
  for (const prefix of ['/api/sync', '/api/teams'])
    router.use(prefix, (_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    });
  router.use(createSyncRoutes(deps));
  router.use(createTeamRoutes(deps));
  router.use(createEventRoutes(deps));
  return router;
};
