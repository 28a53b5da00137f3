import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
  (table) => [uniqueIndex('users_email_key_unique').on(table.emailKey)],
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
    index('signup_events_created_at_idx').on(table.createdAt),
    index('signup_events_email_lower_idx').on(sql`lower(${table.email})`),
    index('signup_events_ip_idx').on(table.ip),
    index('signup_events_outcome_idx').on(table.outcome),
    index('signup_events_platform_lower_idx').on(sql`lower(${table.platform})`),
    check('signup_events_outcome_check', sql`${table.outcome} in ('success', 'error')`),
  ],
);

export type SignupEventRow = typeof signupEvents.$inferSelect;
