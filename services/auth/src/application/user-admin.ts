import {
  AUTH_MESSAGES as m,
  type AuditQuery,
  type PageAnswer,
  type SignupEventsPageQuery,
  type SignupEventsQuery,
  type UpdateUserRequest,
  type UsersQuery,
} from '@pitclock/contracts/schemas';
import { conflict, forbidden, HttpError, notFound, type Logger, type TokenGenerations } from '@pitclock/kit';
import type {
  AccountAuditRepository,
  AccountAuditRow,
  GuardedResult,
  ListedUser,
  SignupEventRow,
  SignupEventsRepository,
  UserRow,
  UsersRepository,
} from '../data-access';
import { roleToggleEntry, userDeleteEntry, userUpdateEntry } from '../domain/account-audit';
import { toSignupEventConditions, toSignupEventFilter } from '../domain/signup-events';
import { decideDeletion, decideRoleToggle } from '../domain/user-admin';

export type UserAdminDeps = {
  users: UsersRepository;
  signupEvents: SignupEventsRepository;
  accountAudit: AccountAuditRepository;
  generations: Pick<TokenGenerations, 'bump'>;
  logger: Logger;
};

/** Every account (GET /api/users). */
export const listUsers = ({ users }: UserAdminDeps): Promise<UserRow[]> => users.list();

/** A page of the accounts (GET /api/users with q, sort, limit, cursor or ids). */
export const listUsersPage = ({ users }: UserAdminDeps, query: UsersQuery): Promise<PageAnswer<ListedUser>> =>
  users.page({ ids: query.ids }, query.page);

/** One account (GET /api/users/{id}); 404 when there is none. */
export const findUser = async ({ users }: UserAdminDeps, id: number): Promise<UserRow> => {
  const user = await users.findById(id);
  if (!user) throw notFound(m.userNotFound);
  return user;
};

/**
 * Changes an account's name or e-mail (PATCH /api/users/{id}), and records what changed in the audit trail;
 * 409 email_taken for a taken e-mail.
 */
export const updateUser = async (
  { users, logger }: UserAdminDeps,
  actorId: number,
  id: number,
  request: UpdateUserRequest,
): Promise<UserRow> => {
  const updated = await users.update(
    id,
    { name: request.display_name, email: request.email },
    (before, after) => userUpdateEntry(actorId, before, after),
  );
  if (updated === 'not_found') throw notFound(m.userNotFound);
  if (updated === 'email_taken') throw new HttpError(409, 'email_taken', m.emailTaken);
  logger.info({ actorId, userId: id }, 'user updated by an admin');
  return updated;
};

/**
 * Deletes an account (DELETE /api/users/{id}): never the admin's own nor the last admin (decideDeletion,
 * on the locked rows); who it was goes to the audit trail, and its access tokens end on every service.
 */
export const deleteUser = async (deps: UserAdminDeps, actorId: number, id: number): Promise<void> => {
  const result = await deps.users.remove({
    actorId,
    targetId: id,
    decide: ({ target, adminCount }) => decideDeletion({ actorId, target, adminCount }),
    audit: (removed) => userDeleteEntry(actorId, removed),
    beforeCommit: endSessions(deps, id),
  });
  settled(result, conflict(m.cannotDeleteSelf));
  await endSessionsAgain(deps, id);
  deps.logger.info({ actorId, userId: id }, 'user deleted by an admin');
};

/**
 * Gives or takes an account's admin role (POST /api/users/{id}/toggle-admin): never the admin's own nor
 * the last admin's (decideRoleToggle); the change goes to the audit trail, and the account's access tokens
 * end on every service.
 */
export const toggleAdmin = async (deps: UserAdminDeps, actorId: number, id: number): Promise<UserRow> => {
  if (id === actorId) throw forbidden(m.cannotChangeOwnRole);
  const result = await deps.users.toggleAdmin({
    actorId,
    targetId: id,
    decide: ({ target, adminCount }) => decideRoleToggle({ actorId, target, adminCount }),
    audit: (before, after) => roleToggleEntry(actorId, before, after),
    beforeCommit: endSessions(deps, id),
  });
  const updated = settled(result, forbidden(m.cannotChangeOwnRole));
  await endSessionsAgain(deps, id);
  deps.logger.info({ actorId, userId: id, isAdmin: updated.isAdmin }, 'admin role changed');
  return updated;
};

/** Signup events by the query's filters, newest first (GET /api/admin/signup-events). */
export const listSignupEvents = async (
  { signupEvents }: UserAdminDeps,
  query: SignupEventsQuery,
): Promise<SignupEventRow[]> => {
  const result = toSignupEventFilter(query);
  if ('error' in result) throw badRange(result.error);
  return signupEvents.list(result.filter);
};

/** A page of the signup events by the query's filters and search (GET /api/admin/signup-events with q, sort or cursor). */
export const listSignupEventsPage = async (
  { signupEvents }: UserAdminDeps,
  query: SignupEventsPageQuery,
): Promise<PageAnswer<SignupEventRow>> => {
  const result = toSignupEventConditions(query);
  if ('error' in result) throw badRange(result.error);
  return signupEvents.page(result.conditions, query.page);
};

/** A page of the admin actions on accounts (GET /api/admin/audit/accounts). */
export const listAccountAudit = (
  { accountAudit }: UserAdminDeps,
  query: AuditQuery,
): Promise<PageAnswer<AccountAuditRow>> =>
  accountAudit.page({
    actorId: query.actor_id,
    subjectUserId: query.subject_user_id,
    action: query.action,
    page: query.page,
  });

const badRange = (message: string) =>
  new HttpError(400, 'validation_failed', 'Query is invalid', {
    issues: [{ path: 'from', message, code: 'custom' }],
  });

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
 * Ends a user's access tokens on every service (their generation moves on). Called inside the
 * transaction of a deletion or role change, so that without Redis the change is undone (503); and once
 * more after it committed, so that a token refreshed in between is ended too. That second one failing
 * only leaves that narrow race open: logged, not answered as an error.
 */
const endSessions =
  ({ generations }: UserAdminDeps, userId: number) =>
  () =>
    generations.bump(userId);
const endSessionsAgain = async ({ generations, logger }: UserAdminDeps, userId: number) => {
  await generations.bump(userId).catch((err: unknown) => {
    logger.warn({ err, userId }, 'token generation not bumped again after an admin action');
  });
};
