import { API_PATHS } from '@pitclock/contracts/api-paths';
import type { ApiErrorCode } from '@pitclock/contracts/error-codes';
import {
  AUTH_MESSAGES,
  LIMITS,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  type RegisterResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, HttpError, parse, type Auth, type Logger } from '@pitclock/kit';
import { Router } from 'express';
import type { AuthAppConfig } from '../../config';
import type {
  RefreshTokensRepository,
  RegistrationsRepository,
  SignupEventsRepository,
  UsersRepository,
} from '../../data-access';
import { emailKey } from '../../domain/emails';
import type { PasswordHasher } from '../../domain/passwords';
import { platformFromUserAgent } from '../../domain/platform';
import { decideRefresh, hashRefreshToken, mints, newRefreshToken } from '../../domain/refresh-tokens';
import type { CheckCredentials } from './credentials';
import type { AuthRateLimits } from './rate-limits';
import { clientIp } from './request-info';
import type { Sessions } from './sessions';
import { toMe } from './views';

export type AccountRoutesDeps = {
  users: UsersRepository;
  registrations: RegistrationsRepository;
  refreshTokens: RefreshTokensRepository;
  signupEvents: SignupEventsRepository;
  passwords: PasswordHasher;
  checkCredentials: CheckCredentials;
  sessions: Sessions;
  limits: AuthRateLimits;
  auth: Auth;
  logger: Logger;
  clock: () => Date;
  config: Pick<AuthAppConfig, 'REFRESH_REUSE_GRACE_SECONDS'>;
};

const m = AUTH_MESSAGES;
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', m.invalidCredentials);
const sessionEnded = (code: ApiErrorCode) => new HttpError(401, code, m.sessionEnded);

/** The e-mail of a registration attempt as far as it can be read, for its signup event. */
const attemptedEmail = (body: unknown): string => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().slice(0, LIMITS.emailMax) : '';
};

/** POST /api/auth/register, /api/login, /api/auth/refresh, /api/auth/logout and GET /api/me. */
export const createAccountRoutes = (deps: AccountRoutesDeps): Router => {
  const {
    users,
    registrations,
    refreshTokens,
    signupEvents,
    passwords,
    sessions,
    limits,
    auth,
    logger,
    clock,
  } = deps;
  const graceMs = deps.config.REFRESH_REUSE_GRACE_SECONDS * 1000;
  const router = Router();

  router.post(API_PATHS.register, async (req, res) => {
    const attempt = {
      email: attemptedEmail(req.body),
      ip: clientIp(req),
      platform: platformFromUserAgent(req.get('user-agent')),
    };
    // Every attempt leaves a signup event, the refused ones too.
    const refuse = async (reason: string, error: unknown): Promise<never> => {
      await signupEvents.record({ ...attempt, outcome: 'error', reason, createdAt: clock() });
      throw error;
    };
    try {
      await limits.registerPerIp.consume(attempt.ip);
    } catch (err) {
      await refuse(err instanceof HttpError && err.status === 429 ? 'rate_limited' : 'unavailable', err);
    }
    let body: RegisterRequest;
    try {
      body = parse(RegisterRequest, req.body);
    } catch (err) {
      return refuse('validation_failed', err);
    }
    const passwordHash = await passwords.hash(body.password);
    const created = await registrations.register(
      { email: body.email, name: body.display_name, passwordHash, createdAt: clock() },
      { ...attempt, email: body.email, createdAt: clock() },
    );
    if (created === 'email_taken') throw new HttpError(409, 'email_taken', m.emailTaken);
    logger.info({ userId: created.id }, 'account created');
    res.status(201).json({ message: m.registered } satisfies RegisterResponse);
  });

  router.post(API_PATHS.login, async (req, res) => {
    const body = parse(LoginRequest, req.body);
    const attempt = await limits.beginLogin({
      email: emailKey(body.email),
      ip: clientIp(req),
      deviceId: body.device_info?.device_id,
    });
    req.body = { email: body.email, password: body.password };
    const user = await deps.checkCredentials(req, res);
    if (!user) throw invalidCredentials();
    await attempt.succeeded();
    await refreshTokens.deleteExpired(user.id, clock());
    res.json(await sessions.start(user, body.device_info?.device_id));
  });

  router.post(API_PATHS.refresh, async (req, res) => {
    const { refresh_token } = parse(RefreshRequest, req.body);
    const successor = newRefreshToken();
    const result = await refreshTokens.exchange({
      tokenHash: hashRefreshToken(refresh_token),
      successorHash: hashRefreshToken(successor),
      clock,
      decide: (token, familyRevoked, now) => decideRefresh({ token, familyRevoked, now, graceMs }),
    });
    if (result.kind === 'unknown' || result.kind === 'revoked') throw sessionEnded('refresh_token_invalid');
    if (result.kind === 'expired') throw sessionEnded('session_expired');
    if (result.kind === 'reuse') {
      logger.warn(
        { userId: result.token.userId, familyId: result.token.familyId },
        'refresh token reused: family revoked',
      );
      throw sessionEnded('refresh_token_reused');
    }
    if (!mints(result.kind)) throw sessionEnded('refresh_token_invalid');
    const user = await users.findById(result.token.userId);
    if (!user) throw sessionEnded('refresh_token_invalid');
    res.json({
      token: await sessions.accessToken(user),
      refresh_token: successor,
      device_id: result.token.deviceId,
    });
  });

  router.post(API_PATHS.logout, async (req, res) => {
    const { refresh_token } = parse(LogoutRequest, req.body);
    // Idempotent: an unknown or already revoked token also answers 204.
    await refreshTokens.revokeFamilyOf(hashRefreshToken(refresh_token), clock());
    res.status(204).end();
  });

  router.get(API_PATHS.me, auth.requireAuth, async (req, res) => {
    const user = await users.findById(getAuthUser(req).id);
    if (!user) throw new HttpError(401, 'unauthorized', 'This account no longer exists');
    res.json(toMe(user));
  });

  return router;
};
