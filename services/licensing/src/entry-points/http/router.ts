import type { Logger } from '@pitclock/kit';
import { Router } from 'express';
import type {
  ActivationCodesRepository,
  CreditsRepository,
  DevicesRepository,
  PromoCodesRepository,
} from '../../data-access';
import type { ActivationCodeHashes } from '../../domain/activation';
import type { LicenseKeys } from '../../license-keys';
import { createCreditRoutes } from './credit-routes';
import { createDeviceRoutes } from './device-routes';
import type { Guards } from './guards';
import { createLicenseRoutes } from './license-routes';
import { createPromoRoutes } from './promo-routes';
import type { LicensingRateLimits } from './rate-limits';

export type RouterDeps = {
  promoCodes: PromoCodesRepository;
  devices: DevicesRepository;
  credits: CreditsRepository;
  activationCodes: ActivationCodesRepository;
  activationCodeHashes: ActivationCodeHashes;
  guards: Guards;
  keys: LicenseKeys;
  limits: LicensingRateLimits;
  logger: Logger;
  clock: () => Date;
  defaultLicenseDays: number;
  activationCodeTtlMinutes: number;
};

/**
 * The licensing API: /api/promo-codes*, /api/licenses*, /api/license/activate, and the per-user
 * /api/users/{id}/licenses* and /api/users/{id}/credits (the gateway sends those here, not to auth).
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
  return router;
};
