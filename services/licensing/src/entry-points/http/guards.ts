import { LICENSING_MESSAGES } from '@pitclock/contracts/schemas';
import { forbidden, unauthorized, unavailable, type Auth, type Logger } from '@pitclock/kit';
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
};

const bearerToken = (req: Request): string | undefined =>
  /^bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];

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
  return { requireUser: auth.requireAuth, requireAdmin };
};
