import {
  AUTH_MESSAGES,
  SignupEventsQuery,
  UpdateUserRequest,
  UserIdParam,
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
} from '@pitclock/kit';
import { Router, type Request } from 'express';
import type { GuardedResult, SignupEventsRepository, UserRow, UsersRepository } from '../../data-access';
import { toSignupEventFilter } from '../../domain/signup-events';
import { decideDeletion, decideRoleToggle } from '../../domain/user-admin';
import { toAdminUser, toSignupEvent } from './views';

export type AdminRoutesDeps = {
  users: UsersRepository;
  signupEvents: SignupEventsRepository;
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

/** GET /api/users, PATCH and DELETE /api/users/{id}, POST /api/users/{id}/toggle-admin, GET /api/admin/signup-events. */
export const createAdminRoutes = ({ users, signupEvents, auth, logger }: AdminRoutesDeps): Router => {
  const router = Router();
  // Every route here: 401 without a valid token, 403 unless users.is_admin is true in the database.
  router.use(['/api/users', '/api/admin'], auth.requireAdmin);

  router.get('/api/users', async (_req, res) => {
    res.json((await users.list()).map(toAdminUser) satisfies AdminUsersResponse);
  });

  router.patch('/api/users/:id', async (req, res) => {
    const id = userId(req);
    const body = parse(UpdateUserRequest, req.body);
    const updated = await users.update(id, { name: body.display_name, email: body.email });
    if (updated === 'not_found') throw notFound(m.userNotFound);
    if (updated === 'email_taken') throw new HttpError(409, 'email_taken', m.emailTaken);
    logger.info({ actorId: getAuthUser(req).id, userId: id }, 'user updated by an admin');
    res.json(toAdminUser(updated));
  });

  router.delete('/api/users/:id', async (req, res) => {
    const id = userId(req);
    const actorId = getAuthUser(req).id;
    const result = await users.remove(actorId, id, ({ target, adminCount }) =>
      decideDeletion({ actorId, target, adminCount }),
    );
    settled(result, conflict(m.cannotDeleteSelf));
    logger.info({ actorId, userId: id }, 'user deleted by an admin');
    res.status(204).end();
  });

  router.post('/api/users/:id/toggle-admin', async (req, res) => {
    const id = userId(req);
    const actorId = getAuthUser(req).id;
    if (id === actorId) throw forbidden(m.cannotChangeOwnRole);
    const result = await users.toggleAdmin(actorId, id, ({ target, adminCount }) =>
      decideRoleToggle({ actorId, target, adminCount }),
    );
    const updated = settled(result, forbidden(m.cannotChangeOwnRole));
    logger.info({ actorId, userId: id, isAdmin: updated.isAdmin }, 'admin role changed');
    res.json(toAdminUser(updated));
  });

  router.get('/api/admin/signup-events', async (req, res) => {
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
