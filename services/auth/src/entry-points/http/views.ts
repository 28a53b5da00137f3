import type { AdminUser, AuditEntry, MeResponse, PageAnswer, SignupEvent } from '@pitclock/contracts/schemas';
import type { AccountAuditRow, ListedUser, SignupEventRow, UserRow } from '../../application/records';
import { rolesOf } from '../../domain/user-admin';

export const toMe = (user: UserRow): MeResponse => ({
  id: user.id,
  email: user.email,
  name: user.name,
  is_admin: user.isAdmin,
  roles: rolesOf(user.isAdmin),
  created_at: user.createdAt.toISOString(),
});

/** license_status is 'none' until the licensing service fills it in. */
export const toAdminUser = (user: ListedUser): AdminUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  is_admin: user.isAdmin,
  created_at: user.createdAt.toISOString(),
  license_status: 'none',
});

export const toSignupEvent = (event: SignupEventRow): SignupEvent => ({
  id: event.id,
  email: event.email,
  ip: event.ip,
  outcome: event.outcome,
  platform: event.platform,
  reason: event.reason,
  created_at: event.createdAt.toISOString(),
});

export const toAuditEntry = (entry: AccountAuditRow): AuditEntry => ({
  id: entry.id,
  created_at: entry.createdAt.toISOString(),
  actor_id: entry.actorId,
  action: entry.action,
  target_id: entry.targetId,
  subject_user_id: entry.subjectUserId,
  before: entry.before,
  after: entry.after,
});

/** A page with its rows turned into their answers. */
export const pageOf = <Row, Answer>(
  page: PageAnswer<Row>,
  view: (row: Row) => Answer,
): PageAnswer<Answer> => ({
  ...page,
  data: page.data.map(view),
});
