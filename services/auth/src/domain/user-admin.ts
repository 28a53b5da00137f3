import { PG_INTEGER_MAX } from '@pitclock/contracts/schemas';

/** The rules of the admin users API that depend on who acts and how many admins there are. */
export type AdminTarget = { id: number; isAdmin: boolean };

export type AdminDecision = { allowed: true } | { allowed: false; reason: 'own_account' | 'last_admin' };

const allowed: AdminDecision = { allowed: true };

/** An admin cannot change their own role, and the last admin cannot lose the role. */
export const decideRoleToggle = ({
  actorId,
  target,
  adminCount,
}: {
  actorId: number;
  target: AdminTarget;
  adminCount: number;
}): AdminDecision => {
  if (actorId === target.id) return { allowed: false, reason: 'own_account' };
  if (target.isAdmin && adminCount <= 1) return { allowed: false, reason: 'last_admin' };
  return allowed;
};

/** An admin cannot delete their own account, and the last admin cannot be deleted. */
export const decideDeletion = ({
  actorId,
  target,
  adminCount,
}: {
  actorId: number;
  target: AdminTarget;
  adminCount: number;
}): AdminDecision => {
  if (actorId === target.id) return { allowed: false, reason: 'own_account' };
  if (target.isAdmin && adminCount <= 1) return { allowed: false, reason: 'last_admin' };
  return allowed;
};

/** The roles GET /me answers: every account is a user; admins are also admin. */
export const rolesOf = (isAdmin: boolean): string[] => (isAdmin ? ['user', 'admin'] : ['user']);

/** The user id a users search names when it is a whole number (it also matches e-mails and names). */
export const userIdOfSearch = (q: string): number | undefined => {
  if (!/^\d{1,10}$/.test(q)) return undefined;
  const id = Number(q);
  return id >= 1 && id <= PG_INTEGER_MAX ? id : undefined;
};
