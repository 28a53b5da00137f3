import type { AdminUser, LicenseStatus, LicenseStatusesResponse } from '@pitclock/contracts';

/** A row of the users table: auth's user with licensing's status (null while unknown). */
export type UserRow = Omit<AdminUser, 'license_status'> & { license_status: LicenseStatus | null };

/**
 * Merges auth's GET /users with licensing's GET /licenses/statuses (SPEC.md section 2: 'none' when a user
 * is missing from the answer). Without an answer (loading or failed) every status is unknown (null), so
 * that no action is offered on a guess.
 */
export function mergeStatuses(
  users: readonly AdminUser[],
  statuses: LicenseStatusesResponse | undefined,
): UserRow[] {
  if (statuses === undefined) return users.map((user) => ({ ...user, license_status: null }));
  const byUser = new Map(statuses.map((entry) => [entry.user_id, entry.license_status]));
  return users.map((user) => ({ ...user, license_status: byUser.get(user.id) ?? 'none' }));
}

/** The user_ids query of GET /licenses/statuses: '1,2,3' ('' for no users). */
export const statusQueryOf = (users: readonly { id: number }[] | undefined): string =>
  (users ?? []).map((user) => user.id).join(',');
