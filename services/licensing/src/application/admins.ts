import { LICENSING_MESSAGES as m } from '@pitclock/contracts/schemas';
import {
  accountGone,
  forbidden,
  HttpError,
  unauthorized,
  unavailable,
  type AdminAnswer,
  type Logger,
} from '@pitclock/kit';
import type { AuthAdminClient, UserLookup } from '../data-access';

export type AdminsDeps = { admins: AuthAdminClient; logger: Logger };

/** The admin who calls: their user id and the bearer token the auth service is asked with. */
export type Actor = { id: number; token: string };

/**
 * Whether the caller's account is an admin, as the auth service says (its database decides, never a
 * claim of the token); the kit's requireAdmin answers 403 or 401 from it. 503 when auth cannot answer.
 */
export const checkAdmin = async ({ admins, logger }: AdminsDeps, token: string): Promise<AdminAnswer> => {
  try {
    return await admins.check(token);
  } catch (err) {
    logger.error({ err }, 'admin check failed: the auth service did not answer');
    throw unavailable(m.adminCheckUnavailable);
  }
};

/**
 * For an admin action that writes for another user (codes, credits): resolves when the auth service knows
 * userId, asked with the admin's own token; 404 user_not_found when it does not, 503 when it cannot say.
 */
export const ensureUserExists = async (
  { admins, logger }: AdminsDeps,
  actor: Actor,
  userId: number,
): Promise<void> => {
  if (!actor.token) throw unauthorized('A valid bearer token is required');
  let answer: UserLookup;
  try {
    answer = await admins.findUser(actor.token, userId);
  } catch (err) {
    logger.error({ err }, 'user lookup failed: the auth service did not answer');
    throw unavailable(m.adminCheckUnavailable);
  }
  if (answer === 'not_found') throw new HttpError(404, 'user_not_found', m.userNotFound);
  if (answer === 'not_admin') throw forbidden(m.adminOnly);
  if (answer === 'unknown_account') throw accountGone();
};
