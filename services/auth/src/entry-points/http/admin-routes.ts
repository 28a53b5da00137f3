import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  AUTH_MESSAGES,
  SignupEventsQuery,
  UpdateUserRequest,
  UserIdParam,
  type AdminUserResponse,
  type AdminUsersResponse,
  type SignupEventsResponse,
} from '@pitclock/contracts/schemas';
import {
  conflict,
  forbidden,
  getAuthUser,
  HttpError,
  notFound,
  parse,
  type Auth,
  type Logger,
  type TokenGenerations,
} from '@pitclock/kit';
import { Router, type Request } from 'express';
import type { GuardedResult, SignupEventsRepository, UserRow, UsersRepository } from '../../data-access';
import { toSignupEventFilter } from '../../domain/signup-events';
import { decideDeletion, decideRoleToggle } from '../../domain/user-admin';
import { toAdminUser, toSignupEvent } from './views';

export type AdminRoutesDeps = {
  users: UsersRepository;
  signupEvents: SignupEventsRepository;
  generations: Pick<TokenGenerations, 'bump'>;
  auth: Auth;
  logger: Logger;
};

const m = AUTH_MESSAGES;
const userId = (req: Request) => parse(UserIdParam, req.params.id, 'User id');

/** The answer of a guarded admin action, or the error it becomes. */
const settled = (result: GuardedResult<UserRow>, ownAccount: HttpError): UserRow => {
  if (result.kind === 'not_found') throw notFound(m.userNotFound);
  if (result.kind === 'refused') {
    if (result.reason === 'not_admin') throw forbidden('Admin only');
    throw result.reason === 'own_account' ? ownAccount : conflict(m.lastAdmin);
  }
  return result.value;
};

/**
 * GET /api/users, GET, PATCH and DELETE /api/users/{id}, POST /api/users/{id}/toggle-admin,
 * GET /api/admin/signup-events.
 */
export const createAdminRoutes = ({
  users,
  signupEvents,
  generations,
  auth,
  logger,
}: AdminRoutesDeps): Router => {
  const router = Router();

  /**
   * Ends a user's access tokens on every service (their generation moves on). Called inside the
   * transaction of a deletion or role change, so that without Redis the change is undone (503); and once
   * more after it committed, so that a token refreshed in between is ended too. That second one failing
   * only leaves that narrow race open: logged, not answered as an error.
   */
  const endSessions = (userId: number) => () => generations.bump(userId);
  const endSessionsAgain = async (userId: number) => {
    await generations.bump(userId).catch((err: unknown) => {
      logger.warn({ err, userId }, 'token generation not bumped again after an admin action');
    });
  };

  // Every route here: 401 without a valid token, 403 unless users.is_admin is true in the database.
  router.use([API_PATHS.users, '/api/admin'], auth.requireAdmin);

  router.get(API_PATHS.users, async (_req, res) => {
    res.json((await users.list()).map(toAdminUser) satisfies AdminUsersResponse);
  });

  router.get(API_PATHS.user, async (req, res) => {
    const user = await users.findById(userId(req));
    if (!user) throw notFound(m.userNotFound);
    res.json(toAdminUser(user) satisfies AdminUserResponse);
  });

  router.patch(API_PATHS.user, async (req, res) => {
    const id = userId(req);
    const body = parse(UpdateUserRequest, req.body);
    const updated = await users.update(id, { name: body.display_name, email: body.email });
    if (updated === 'not_found') throw notFound(m.userNotFound);
    if (updated === 'email_taken') throw new HttpError(409, 'email_taken', m.emailTaken);
    logger.info({ actorId: getAuthUser(req).id, userId: id }, 'user updated by an admin');
    res.json(toAdminUser(updated));
  });

  router.delete(API_PATHS.user, async (req, res) => {
    const id = userId(req);
    const actorId = getAuthUser(req).id;
    const result = await users.remove(
      actorId,
      id,
      ({ target, adminCount }) => decideDeletion({ actorId, target, adminCount }),
      endSessions(id),
    );
    settled(result, conflict(m.cannotDeleteSelf));
    await endSessionsAgain(id);
    logger.info({ actorId, userId: id }, 'user deleted by an admin');
    res.status(204).end();
  });

  router.post(API_PATHS.userToggleAdmin, async (req, res) => {
    const id = userId(req);
    const actorId = getAuthUser(req).id;
    if (id === actorId) throw forbidden(m.cannotChangeOwnRole);
    const result = await users.toggleAdmin(
      actorId,
      id,
      ({ target, adminCount }) => decideRoleToggle({ actorId, target, adminCount }),
      endSessions(id),
    );
    const updated = settled(result, forbidden(m.cannotChangeOwnRole));
    await endSessionsAgain(id);
    logger.info({ actorId, userId: id, isAdmin: updated.isAdmin }, 'admin role changed');
    res.json(toAdminUser(updated));
  });

  router.get(API_PATHS.signupEvents, async (req, res) => {
    const query = parse(SignupEventsQuery, req.query, 'Query');
    const result = toSignupEventFilter(query);
    if ('error' in result) {
      throw new HttpError(400, 'validation_failed', 'Query is invalid', {
        issues: [{ path: 'from', message: result.error, code: 'custom' }],
      });
    }
    res.json((await signupEvents.list(result.filter)).map(toSignupEvent) satisfies SignupEventsResponse);
  });

  return router;
};
