import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  SignupEventsQuery,
  UpdateUserRequest,
  UserIdParam,
  type AdminUserResponse,
  type AdminUsersResponse,
  type SignupEventsResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse, type Auth } from '@pitclock/kit';
import { Router, type Request } from 'express';
import {
  deleteUser,
  findUser,
  listSignupEvents,
  listUsers,
  toggleAdmin,
  updateUser,
  type UserAdminDeps,
} from '../../application/user-admin';
import { toAdminUser, toSignupEvent } from './views';

export type AdminRoutesDeps = UserAdminDeps & { auth: Auth };

const userIdOf = (req: Request) => parse(UserIdParam, req.params.id, 'User id');

/**
 * GET /api/users, GET, PATCH and DELETE /api/users/{id}, POST /api/users/{id}/toggle-admin,
 * GET /api/admin/signup-events.
 */
export const createAdminRoutes = ({ auth, ...deps }: AdminRoutesDeps): Router => {
  const router = Router();

  // Every route here: 401 without a valid token, 403 unless users.is_admin is true in the database.
  router.use([API_PATHS.users, '/api/admin'], auth.requireAdmin);

  router.get(API_PATHS.users, async (_req, res) => {
    res.json((await listUsers(deps)).map(toAdminUser) satisfies AdminUsersResponse);
  });

  router.get(API_PATHS.user, async (req, res) => {
    res.json(toAdminUser(await findUser(deps, userIdOf(req))) satisfies AdminUserResponse);
  });

  router.patch(API_PATHS.user, async (req, res) => {
    const id = userIdOf(req);
    const request = parse(UpdateUserRequest, req.body);
    res.json(toAdminUser(await updateUser(deps, getAuthUser(req).id, id, request)));
  });

  router.delete(API_PATHS.user, async (req, res) => {
    await deleteUser(deps, getAuthUser(req).id, userIdOf(req));
    res.status(204).end();
  });

  router.post(API_PATHS.userToggleAdmin, async (req, res) => {
    res.json(toAdminUser(await toggleAdmin(deps, getAuthUser(req).id, userIdOf(req))));
  });

  router.get(API_PATHS.signupEvents, async (req, res) => {
    const query = parse(SignupEventsQuery, req.query);
    res.json((await listSignupEvents(deps, query)).map(toSignupEvent) satisfies SignupEventsResponse);
  });

  return router;
};
