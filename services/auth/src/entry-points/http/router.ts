import type { Auth, Logger, TokenGenerations } from '@pitclock/kit';
import { Router } from 'express';
import type { AuthAppConfig } from '../../config';
import type {
  RefreshTokensRepository,
  RegistrationsRepository,
  SignupEventsRepository,
  UsersRepository,
} from '../../data-access';
import type { PasswordHasher } from '../../domain/passwords';
import { createAccountRoutes } from './account-routes';
import { createAdminRoutes } from './admin-routes';
import { createCredentialsCheck } from './credentials';
import type { AuthRateLimits } from './rate-limits';
import { createSessions } from './sessions';

export type RouterDeps = {
  users: UsersRepository;
  registrations: RegistrationsRepository;
  refreshTokens: RefreshTokensRepository;
  signupEvents: SignupEventsRepository;
  passwords: PasswordHasher;
  limits: AuthRateLimits;
  /** Per-user token generations (Redis): access tokens carry the current one; admin actions bump it. */
  generations: TokenGenerations;
  auth: Auth;
  logger: Logger;
  clock: () => Date;
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
