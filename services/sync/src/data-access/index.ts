import { fileURLToPath } from 'node:url';
import type { MigrateOptions } from '@pitclock/kit';

export {
  syncClients,
  syncRecords,
  syncScopes,
  teamInvites,
  teamMembers,
  teams,
  type SyncRecordRow,
  type TeamInviteRow,
  type TeamMemberRow,
  type TeamRow,
} from './schema';
export {
  createRecordsRepository,
  type PushTransaction,
  type RecordAddress,
  type RecordsRepository,
  type StoredRecord,
  type SyncClient,
} from './records-repository';
export {
  createTeamsRepository,
  type TeamRole,
  type TeamsRepository,
  type TeamsTransaction,
  type TeamWithMembers,
} from './teams-repository';
export { createPokeChannel, type PokeChannel, type PokeMessage } from './poke-channel';

/** The drizzle-kit migrations of this service and its own migrations table. */
export const migrations: MigrateOptions = {
  migrationsFolder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  migrationsTable: '__drizzle_migrations_sync',
};

/** The tables this service owns (its migrations create exactly these in public). */
export const ownedTables = [
  'sync_clients',
  'sync_records',
  'sync_scopes',
  'team_invites',
  'team_members',
  'teams',
] as const;
