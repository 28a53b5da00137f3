import { Router } from 'express';
import { createAuditRoutes, type AuditRoutesDeps } from './audit-routes';
import { createCreditRoutes, type CreditRoutesDeps } from './credit-routes';
import { createDeviceRoutes, type DeviceRoutesDeps } from './device-routes';
import { createLicenseRoutes, type LicenseRoutesDeps } from './license-routes';
import { createPromoRoutes, type PromoRoutesDeps } from './promo-routes';

export type RouterDeps = PromoRoutesDeps &
  LicenseRoutesDeps &
  CreditRoutesDeps &
  DeviceRoutesDeps &
  AuditRoutesDeps;

/**
 * The licensing API: /api/promo-codes*, /api/licenses*, /api/license/activate, and the per-user
 * /api/users/{id}/licenses* and /api/users/{id}/credits (the gateway sends those here, not to auth), and
 * the audit trail of its admin actions, /api/admin/audit/licensing.
 */
export const createRouter = (deps: RouterDeps): Router => {
  const router = Router();
  // Answers carry licences and account data: never cached (the public key route says otherwise).
  router.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(createPromoRoutes(deps));
  router.use(createLicenseRoutes(deps));
  router.use(createCreditRoutes(deps));
  router.use(createDeviceRoutes(deps));
  router.use(createAuditRoutes(deps));
  return router;
};
