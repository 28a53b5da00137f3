import type { Logger } from '@pitclock/kit';
import { Router } from 'express';
import type { PromoCodesRepository } from '../../data-access';

export type RouterDeps = {
  promoCodes: PromoCodesRepository;
  logger: Logger;
  clock: () => Date;
};

/**
 * The licensing API under /api: /api/promo-codes*, /api/licenses*, /api/license/*.
 * The routes come with a later issue; the router already receives its repositories, logger and clock.
 */
export const createRouter = (_deps: RouterDeps): Router => Router();
