import { fileURLToPath } from 'node:url';
import type { MigrateOptions } from '@pitclock/kit';

export {
  accountAudit,
  refreshTokens,
  signupEvents,
  users,
  type AccountAuditRow,
  type RefreshTokenRow,
  type SignupEventRow,
  type UserRow,
} from './schema';
export {
  createUsersRepository,
  type GuardedAction,
  type GuardedDecision,
  type GuardedResult,
  type ListedUser,
  type NewUser,
  type UsersRepository,
} from './users-repository';
export {
  createAccountAuditRepository,
  type AccountAuditFilter,
  type AccountAuditRepository,
} from './account-audit-repository';
export {
  createRefreshTokensRepository,
  type ExchangeResult,
  type RefreshTokensRepository,
} from './refresh-tokens-repository';
export {
  createSignupEventsRepository,
  type NewSignupEvent,
  type SignupEventsRepository,
} from './signup-events-repository';
export { createRegistrationsRepository, type RegistrationsRepository } from './registrations-repository';

/** The drizzle-kit migrations of this service and its own migrations table. */
export const migrations: MigrateOptions = {
  migrationsFolder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  migrationsTable: '__drizzle_migrations_auth',
};

/** The tables this service owns (its migrations create exactly these in public). */
export const ownedTables = ['account_audit', 'refresh_tokens', 'signup_events', 'users'] as const;
