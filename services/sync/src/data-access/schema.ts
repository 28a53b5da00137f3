import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Fields } from '@pitclock/contracts/sync';

// User ids are the auth service's users.id; this service never reads auth's tables, so they are plain
// integers here (no foreign key across services).

const instant = (name: string) => timestamp(name, { withTimezone: true });

/** One synced record, as the server holds it: the join of every mutation applied to it. */
export const syncRecords = pgTable(
  'sync_records',
  {
    scope: text('scope').notNull(),
    store: text('store').notNull(),
    id: text('id').notNull(),
    fields: jsonb('fields').$type<Fields>().notNull(),
    clocks: jsonb('clocks').$type<Record<string, string>>().notNull(),
    deleted: text('deleted'),
    /** The scope's version of the last change to this record (pulls read versions past a cookie). */
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'sync_records_pkey', columns: [table.scope, table.store, table.id] }),
    index('sync_records_scope_version_idx').on(table.scope, table.version),
  ],
);

/** The version counter of each scope: a push takes the next versions of the scopes it touches. */
export const syncScopes = pgTable('sync_scopes', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** A device's sync client: whose it is and the last of its mutations applied. */
export const syncClients = pgTable(
  'sync_clients',
  {
    clientId: text('client_id').primaryKey(),
    userId: integer('user_id').notNull(),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [index('sync_clients_user_id_idx').on(table.userId)],
);

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerId: integer('owner_id').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'team_members_pkey', columns: [table.teamId, table.userId] }),
    index('team_members_user_id_idx').on(table.userId),
    check('team_members_role_check', sql`${table.role} in ('owner', 'member')`),
  ],
);

/** One-time invite codes, kept only as their SHA-256. */
export const teamInvites = pgTable(
  'team_invites',
  {
    codeHash: text('code_hash').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    usedBy: integer('used_by'),
  },
  (table) => [index('team_invites_team_id_idx').on(table.teamId)],
);

export type SyncRecordRow = typeof syncRecords.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamInviteRow = typeof teamInvites.$inferSelect;
