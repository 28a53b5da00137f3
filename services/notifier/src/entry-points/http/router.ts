import { Router } from 'express';
import { createScheduleRoutes, type ScheduleRoutesDeps } from './schedule-routes';
import { createSubscriptionRoutes, type SubscriptionRoutesDeps } from './subscription-routes';

export type RouterDeps = SubscriptionRoutesDeps & ScheduleRoutesDeps;

/** The notifier API under /api/push/*. */
export const createRouter = (deps: RouterDeps): Router => {
  const router = Router();
  // Answers carry account data: never cached (the VAPID public key route says otherwise).
  router.use('/api/push', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(createSubscriptionRoutes(deps));
  router.use(createScheduleRoutes(deps));
  return router;
};
