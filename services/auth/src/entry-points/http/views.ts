import type { AdminUser, MeResponse, SignupEvent } from '@pitclock/contracts/schemas';
import type { ListedUser, SignupEventRow, UserRow } from '../../application/records';
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
