import { LICENSING_MESSAGES } from '@pitclock/contracts/schemas';
import {
  bearerToken,
  forbidden,
  HttpError,
  unauthorized,
  unavailable,
  type Auth,
  type Logger,
} from '@pitclock/kit';
import type { Request, RequestHandler } from 'express';
import type { AuthAdminClient } from '../../data-access';

export type Guards = {
  /** 401 unless a valid access token of the auth service (HS256, audience, sub = user id) is presented. */
  requireUser: RequestHandler;
  /**
   * requireUser, then the auth service is asked whether that account is an admin (its database decides,
   * never a claim of the token): 403 when not, 401 when the account is gone, 503 when auth cannot answer.
   */
  requireAdmin: RequestHandler;
  /**
   * For an admin route that writes for another user (codes, credits): resolves when the auth service knows
   * userId, asked with the admin's own token; 404 user_not_found when it does not, 503 when it cannot say.
   */
  ensureUserExists: (req: Request, userId: number) => Promise<void>;
};

export const createGuards = ({
  auth,
  admins,
  logger,
}: {
  auth: Auth;
  admins: AuthAdminClient;
  logger: Logger;
}): Guards => {
  const requireAdmin: RequestHandler = (req, res, next) => {
    auth.requireAuth(req, res, (authError?: unknown) => {
      if (authError) {
        next(authError);
        return;
      }
      const token = bearerToken(req);
      if (!token) {
        next(unauthorized('A valid bearer token is required'));
        return;
      }
      admins.check(token).then(
        (answer) => {
          if (answer === 'admin') next();
          else if (answer === 'user') next(forbidden(LICENSING_MESSAGES.adminOnly));
          else next(unauthorized('This account no longer exists'));
        },
        (err: unknown) => {
          logger.error({ err }, 'admin check failed: the auth service did not answer');
          next(unavailable(LICENSING_MESSAGES.adminCheckUnavailable));
        },
      );
    });
  };
  const ensureUserExists = async (req: Request, userId: number): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw unauthorized('A valid bearer token is required');
    let answer: Awaited<ReturnType<AuthAdminClient['findUser']>>;
    try {
      answer = await admins.findUser(token, userId);
    } catch (err) {
      logger.error({ err }, 'user lookup failed: the auth service did not answer');
      throw unavailable(LICENSING_MESSAGES.adminCheckUnavailable);
    }
    if (answer === 'not_found') throw new HttpError(404, 'user_not_found', LICENSING_MESSAGES.userNotFound);
    if (answer === 'not_admin') throw forbidden(LICENSING_MESSAGES.adminOnly);
    if (answer === 'unknown_account') throw unauthorized('This account no longer exists');
  };

  return { requireUser: auth.requireAuth, requireAdmin, ensureUserExists };
};
