import type { AuditAction, AuditValues } from '@pitclock/contracts/schemas';

/** What the audit trail keeps of an account: never its password hash. */
export type AuditedUser = { id: number; email: string; name: string; isAdmin: boolean };

/** One admin action on an account, as the audit trail records it. */
export type AccountAuditEntry = {
  actorId: number;
  action: Extract<AuditAction, `user.${string}`>;
  targetId: string;
  subjectUserId: number;
  before: AuditValues;
  after: AuditValues;
};

const onUser = (actorId: number, user: AuditedUser) => ({
  actorId,
  targetId: String(user.id),
  subjectUserId: user.id,
});

/**
 * An edit of an account's name or e-mail: the fields whose value changed, before and after (by their
 * names in the API's user). Undefined when the edit changed nothing: there is nothing to record.
 */
export const userUpdateEntry = (
  actorId: number,
  before: AuditedUser,
  after: AuditedUser,
): AccountAuditEntry | undefined => {
  const changed = (['name', 'email'] as const).filter((field) => before[field] !== after[field]);
  if (changed.length === 0) return undefined;
  const values = (user: AuditedUser) => Object.fromEntries(changed.map((field) => [field, user[field]]));
  return { ...onUser(actorId, before), action: 'user.update', before: values(before), after: values(after) };
};

/** A deleted account: who it was. */
export const userDeleteEntry = (actorId: number, user: AuditedUser): AccountAuditEntry => ({
  ...onUser(actorId, user),
  action: 'user.delete',
  before: { id: user.id, email: user.email, name: user.name, is_admin: user.isAdmin },
  after: null,
});

/** An account given or relieved of the admin role. */
export const roleToggleEntry = (
  actorId: number,
  before: AuditedUser,
  after: AuditedUser,
): AccountAuditEntry => ({
  ...onUser(actorId, before),
  action: 'user.toggle_admin',
  before: { is_admin: before.isAdmin },
  after: { is_admin: after.isAdmin },
});
