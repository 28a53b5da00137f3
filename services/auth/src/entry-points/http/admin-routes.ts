import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  asksForPage,
  AuditQuery,
  SIGNUP_EVENTS_LEGACY_PAGE_KEYS,
  SignupEventsPageQuery,
  SignupEventsQuery,
  UpdateUserRequest,
  USERS_PAGE_FILTER_KEYS,
  UserIdParam,
  UsersQuery,
  type AdminUserResponse,
  type AdminUsersResponse,
  type AuditPageResponse,
  type SignupEventsPageResponse,
  type SignupEventsResponse,
  type UsersPageResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse, type Auth, mapPage, toAuditEntry } from '@pitclock/kit';
import { Router, type Request } from 'express';
import {
  deleteUser,
  findUser,
  listAccountAudit,
  listSignupEvents,
  listSignupEventsPage,
  listUsers,
  listUsersPage,
  toggleAdmin,
  updateUser,
  type UserAdminDeps,
} from '../../application/user-admin';
import { toAdminUser, toSignupEvent } from './views';

export type AdminRoutesDeps = UserAdminDeps & { auth: Auth };

const userIdOf = (req: Request) => parse(UserIdParam, req.params.id, 'User id');

/** Whether GET /api/users asks for a page (q, sort, limit, cursor or ids) rather than the list of SPEC.md. */
const asksForUsersPage = (query: Request['query']) =>
  asksForPage(query) || USERS_PAGE_FILTER_KEYS.some((key) => query[key] !== undefined);

/**
 * GET /api/users, GET, PATCH and DELETE /api/users/{id}, POST /api/users/{id}/toggle-admin,
 * GET /api/admin/signup-events, GET /api/admin/audit/accounts.
 */
export const createAdminRoutes = ({ auth, ...deps }: AdminRoutesDeps): Router => {
  const router = Router();

  // Every route here: 401 without a valid token, 403 unless users.is_admin is true in the database.
  router.use([API_PATHS.users, '/api/admin'], auth.requireAdmin);

  router.get(API_PATHS.users, async (req, res) => {
    if (asksForUsersPage(req.query)) {
      const page = await listUsersPage(deps, parse(UsersQuery, req.query));
      res.json(mapPage(page, toAdminUser) satisfies UsersPageResponse);
      return;
    }
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
    if (asksForPage(req.query, SIGNUP_EVENTS_LEGACY_PAGE_KEYS)) {
      const page = await listSignupEventsPage(deps, parse(SignupEventsPageQuery, req.query));
      res.json(mapPage(page, toSignupEvent) satisfies SignupEventsPageResponse);
      return;
    }
    const query = parse(SignupEventsQuery, req.query);
    res.json((await listSignupEvents(deps, query)).map(toSignupEvent) satisfies SignupEventsResponse);
  });

  router.get(API_PATHS.auditAccounts, async (req, res) => {
    const page = await listAccountAudit(deps, parse(AuditQuery, req.query));
    res.json(mapPage(page, toAuditEntry) satisfies AuditPageResponse);
  });

  return router;
};
