import type { Auth, Logger } from '@pitclock/kit';
import { Router } from 'express';
import type { UsersRepository } from '../../data-access';

export type RouterDeps = {
  users: UsersRepository;
  auth: Auth;
  logger: Logger;
  clock: () => Date;
};

/**
 * The auth API under /api: /api/login, /api/auth/*, /api/me, /api/users*, /api/admin/signup-events.
 * The routes come with the next issue; the router already receives its repositories, auth middleware,
 * logger and clock.
 */
export const createRouter = (_deps: RouterDeps): Router => Router();
