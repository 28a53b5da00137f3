import type { Auth, TokenGenerations } from '@pitclock/kit';
import { Router } from 'express';
import type { AccountsDeps } from '../../application/accounts';
import { createSessions } from '../../application/sessions';
import type { UserAdminDeps } from '../../application/user-admin';
import type { AuthAppConfig } from '../../config';
import { createAccountRoutes } from './account-routes';
import { createAdminRoutes } from './admin-routes';
import { createCredentialsCheck } from './credentials';

export type RouterDeps = Omit<AccountsDeps, 'sessions' | 'config'> &
  UserAdminDeps & {
    /** Per-user token generations (Redis): access tokens carry the current one; admin actions bump it. */
    generations: TokenGenerations;
    auth: Auth;
    config: AuthAppConfig;
  };

/** The auth API under /api: /api/login, /api/auth/*, /api/me, /api/users*, /api/admin/signup-events. */
export const createRouter = (deps: RouterDeps): Router => {
  const router = Router();
  // Answers carry tokens and personal data: never cached by a browser or proxy.
  router.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const sessions = createSessions(deps);
  const checkCredentials = createCredentialsCheck(deps);
  router.use(createAccountRoutes({ ...deps, sessions, checkCredentials }));
  router.use(createAdminRoutes(deps));
  return router;
};
