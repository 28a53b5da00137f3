import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  AUTH_MESSAGES as m,
  LIMITS,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  type RegisterResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse, type Auth } from '@pitclock/kit';
import { Router } from 'express';
import {
  currentUser,
  refreshSession,
  register,
  signIn,
  signOut,
  type AccountsDeps,
} from '../../application/accounts';
import { platformFromUserAgent } from '../../domain/platform';
import type { CheckCredentials } from './credentials';
import { clientIp } from './request-info';
import { toMe } from './views';

export type AccountRoutesDeps = AccountsDeps & { checkCredentials: CheckCredentials; auth: Auth };

/** The e-mail of a registration attempt as far as it can be read, for its signup event. */
const attemptedEmail = (body: unknown): string => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().slice(0, LIMITS.emailMax) : '';
};

/** POST /api/auth/register, /api/login, /api/auth/refresh, /api/auth/logout and GET /api/me. */
export const createAccountRoutes = ({ checkCredentials, auth, ...deps }: AccountRoutesDeps): Router => {
  const router = Router();

  router.post(API_PATHS.register, async (req, res) => {
    const attempt = {
      email: attemptedEmail(req.body),
      ip: clientIp(req),
      platform: platformFromUserAgent(req.get('user-agent')),
    };
    // The body is read after the rate limit (see register): a refused attempt is recorded too.
    await register(deps, attempt, () => parse(RegisterRequest, req.body));
    res.status(201).json({ message: m.registered } satisfies RegisterResponse);
  });

  router.post(API_PATHS.login, async (req, res) => {
    const body = parse(LoginRequest, req.body);
    const deviceId = body.device_info?.device_id;
    // passport-local reads the credentials from the body when the sign-in flow asks.
    req.body = { email: body.email, password: body.password };
    const client = { email: body.email, ip: clientIp(req), deviceId };
    res.json(await signIn(deps, client, () => checkCredentials(req, res)));
  });

  router.post(API_PATHS.refresh, async (req, res) => {
    const { refresh_token } = parse(RefreshRequest, req.body);
    res.json(await refreshSession(deps, refresh_token));
  });

  router.post(API_PATHS.logout, async (req, res) => {
    const { refresh_token } = parse(LogoutRequest, req.body);
    await signOut(deps, refresh_token);
    res.status(204).end();
  });

  router.get(API_PATHS.me, auth.requireAuth, async (req, res) => {
    res.json(toMe(await currentUser(deps, getAuthUser(req).id)));
  });

  return router;
};
