import type { Logger } from '@pitclock/kit';
import { Router } from 'express';
import type { PushSubscriptionsRepository } from '../../data-access';

export type RouterDeps = {
  subscriptions: PushSubscriptionsRepository;
  logger: Logger;
  clock: () => Date;
};

/**
 * The notifier API under /api/push/*. The routes come with a later issue; the router already receives
 * its repositories, logger and clock.
 */
export const createRouter = (_deps: RouterDeps): Router => Router();
