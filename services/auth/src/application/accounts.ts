import type { ApiErrorCode } from '@pitclock/contracts/error-codes';
import { AUTH_MESSAGES as m, type LoginResponse, type RegisterRequest } from '@pitclock/contracts/schemas';
import { accountGone, HttpError, type Logger } from '@pitclock/kit';
import type { AuthAppConfig } from '../config';
import type {
  RefreshTokensRepository,
  RegistrationsRepository,
  SignupEventsRepository,
  UserRow,
  UsersRepository,
} from '../data-access';
import { emailKey } from '../domain/emails';
import type { PasswordHasher } from '../domain/passwords';
import { decideRefresh, hashRefreshToken, mints, newRefreshToken } from '../domain/refresh-tokens';
import type { AuthRateLimits } from './rate-limits';
import type { Sessions } from './sessions';

export type AccountsDeps = {
  users: UsersRepository;
  registrations: RegistrationsRepository;
  refreshTokens: RefreshTokensRepository;
  signupEvents: SignupEventsRepository;
  passwords: PasswordHasher;
  sessions: Sessions;
  limits: AuthRateLimits;
  logger: Logger;
  clock: () => Date;
  config: Pick<AuthAppConfig, 'REFRESH_REUSE_GRACE_SECONDS'>;
};

/** Who tries to register, as far as the request tells before it is read: each attempt is an event. */
export type SignupAttempt = { email: string; ip: string; platform: string };

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', m.invalidCredentials);
const sessionEnded = (code: ApiErrorCode) => new HttpError(401, code, m.sessionEnded);

/**
 * Creates an account (POST /api/auth/register). Every attempt leaves a signup event, the refused ones too:
 * the client's rate limit is taken first, then the request is read (readRequest parses it: its refusal is
 * an event too), then the account and its event are stored together (409 email_taken for a taken e-mail).
 */
export const register = async (
  { registrations, signupEvents, passwords, limits, logger, clock }: AccountsDeps,
  attempt: SignupAttempt,
  readRequest: () => RegisterRequest,
): Promise<void> => {
  const refuse = async (reason: string, error: unknown): Promise<never> => {
    await signupEvents.record({ ...attempt, outcome: 'error', reason, createdAt: clock() });
    throw error;
  };
  try {
    await limits.registerPerIp.consume(attempt.ip);
  } catch (err) {
    await refuse(err instanceof HttpError && err.status === 429 ? 'rate_limited' : 'unavailable', err);
  }
  let request: RegisterRequest;
  try {
    request = readRequest();
  } catch (err) {
    return refuse('validation_failed', err);
  }
  const passwordHash = await passwords.hash(request.password);
  const created = await registrations.register(
    { email: request.email, name: request.display_name, passwordHash, createdAt: clock() },
    { ...attempt, email: request.email, createdAt: clock() },
  );
  if (created === 'email_taken') throw new HttpError(409, 'email_taken', m.emailTaken);
  logger.info({ userId: created.id }, 'account created');
};

/**
 * Signs in (POST /api/login): the sign-in limits are taken before the password is checked (checkCredentials,
 * passport-local over the request), given back when it is right; then the user's expired refresh tokens
 * go and a new session (token pair) starts for the device.
 */
export const signIn = async (
  { refreshTokens, sessions, limits, clock }: AccountsDeps,
  client: { email: string; ip: string; deviceId: string | undefined },
  checkCredentials: () => Promise<UserRow | false>,
): Promise<LoginResponse> => {
  const attempt = await limits.beginLogin({
    email: emailKey(client.email),
    ip: client.ip,
    deviceId: client.deviceId,
  });
  const user = await checkCredentials();
  if (!user) throw invalidCredentials();
  await attempt.succeeded();
  await refreshTokens.deleteExpired(user.id, clock());
  return sessions.start(user, client.deviceId);
};

/**
 * Exchanges a refresh token for a new pair (POST /api/auth/refresh), rotating it within its family. A token
 * used again after the grace window revokes its whole family (401 refresh_token_reused).
 */
export const refreshSession = async (
  { users, refreshTokens, sessions, logger, clock, config }: AccountsDeps,
  refreshToken: string,
): Promise<LoginResponse> => {
  const graceMs = config.REFRESH_REUSE_GRACE_SECONDS * 1000;
  const successor = newRefreshToken();
  const result = await refreshTokens.exchange({
    tokenHash: hashRefreshToken(refreshToken),
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
  return {
    token: await sessions.accessToken(user),
    refresh_token: successor,
    device_id: result.token.deviceId,
  };
};

/** Ends the session of a refresh token (POST /api/auth/logout); an unknown or ended one too (idempotent). */
export const signOut = async (
  { refreshTokens, clock }: AccountsDeps,
  refreshToken: string,
): Promise<void> => {
  await refreshTokens.revokeFamilyOf(hashRefreshToken(refreshToken), clock());
};

/** The signed-in user's account (GET /api/me); 401 when it no longer exists. */
export const currentUser = async ({ users }: AccountsDeps, userId: number): Promise<UserRow> => {
  const user = await users.findById(userId);
  if (!user) throw accountGone();
  return user;
};
