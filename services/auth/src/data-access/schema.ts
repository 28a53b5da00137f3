import { AUDIT_ACTIONS, AUDIT_TRAIL_ACTIONS, type AuditValues } from '@pitclock/contracts/schemas';
import { auditSearchTextOf } from '@pitclock/kit';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// The admin lists are keyset pages on (sort expression, id) (kit's pages.ts): each sort column has a B-tree
// index on exactly that pair, so any page, however deep, is a range scan of it. Searches (ILIKE '%q%') are
// served by pg_trgm GIN indexes. Text sorts ignore case (lower()), except for columns a check keeps in
// lower case.

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** As the user typed it (trimmed), shown back to people. */
    email: text('email').notNull(),
    /**
     * emailKey(email) of domain/emails.ts: what sign-in looks up and what is unique (users_email_key_unique).
     * Null only for an account whose address collided with an older one when 0002_email_key keyed the
     * existing rows: it cannot sign in until an admin gives it another address.
     */
    emailKey: text('email_key'),
    name: text('name').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** The only source of admin rights. */
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key_unique').on(table.emailKey),
    index('users_email_sort_idx').on(sql`lower(${table.email})`, table.id),
    index('users_name_sort_idx').on(sql`lower(${table.name})`, table.id),
    index('users_created_at_sort_idx').on(table.createdAt, table.id),
    index('users_is_admin_sort_idx').on(table.isAdmin, table.id),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * One row per refresh token ever issued. A sign-in starts a family; each refresh marks the presented
 * token used and adds its successor to the family. Only the SHA-256 of a token is stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    issuedAt: instant('issued_at').notNull(),
    /** Set when the token was exchanged for its successor. */
    usedAt: instant('used_at'),
    /** Set on every token of the family when the family is revoked (logout, reuse detected). */
    revokedAt: instant('revoked_at'),
    /** Absolute end of the family (sign-in + REFRESH_FAMILY_TTL_DAYS), copied to each of its tokens. */
    familyExpiresAt: instant('family_expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_id_idx').on(table.familyId),
    index('refresh_tokens_user_id_idx').on(table.userId),
  ],
);

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Every registration attempt, successful or not (admin: signup events). No foreign key: kept when users go. */
export const signupEvents = pgTable(
  'signup_events',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    outcome: text('outcome', { enum: ['success', 'error'] }).notNull(),
    platform: text('platform').notNull(),
    reason: text('reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    /** The ip= filter (exact). */
    index('signup_events_ip_idx').on(table.ip),
    index('signup_events_created_at_sort_idx').on(table.createdAt, table.id),
    index('signup_events_email_sort_idx').on(sql`lower(${table.email})`, table.id),
    index('signup_events_ip_sort_idx').on(sql`lower(${table.ip})`, table.id),
    index('signup_events_platform_sort_idx').on(sql`lower(${table.platform})`, table.id),
    index('signup_events_outcome_sort_idx').on(table.outcome, table.id),
    index('signup_events_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('signup_events_ip_trgm_idx').using('gin', table.ip.op('gin_trgm_ops')),
    check('signup_events_outcome_check', sql`${table.outcome} in ('success', 'error')`),
  ],
);

export type SignupEventRow = typeof signupEvents.$inferSelect;

/** The actions this service records: the admin actions on accounts. */
export const ACCOUNT_AUDIT_ACTIONS = AUDIT_TRAIL_ACTIONS.accounts;

/**
 * The audit trail of admin actions on accounts (issue 23): one row per action, written in the action's
 * transaction. Append-only: a trigger of 0003 refuses UPDATE, DELETE and TRUNCATE. No foreign keys: the
 * rows outlive the users they name.
 */
export const accountAudit = pgTable(
  'account_audit',
  {
    id: serial('id').primaryKey(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** The admin who acted. */
    actorId: integer('actor_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The id of the record acted on (here a user id), as text. */
    targetId: text('target_id').notNull(),
    /** The user the action concerns. */
    subjectUserId: integer('subject_user_id'),
    /** The fields the action changed, as they were before it (never a password hash). */
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
  },
  (table) => [
    index('account_audit_created_at_sort_idx').on(table.createdAt, table.id),
    index('account_audit_action_sort_idx').on(table.action, table.id),
    index('account_audit_actor_idx').on(table.actorId, table.createdAt, table.id),
    index('account_audit_subject_idx').on(table.subjectUserId, table.createdAt, table.id),
    index('account_audit_search_trgm_idx').using('gin', sql`${auditSearchTextOf(table)} gin_trgm_ops`),
    check(
      'account_audit_action_check',
      sql.raw(`"action" in (${ACCOUNT_AUDIT_ACTIONS.map((action) => `'${action}'`).join(', ')})`),
    ),
  ],
);

export type AccountAuditRow = typeof accountAudit.$inferSelect;
