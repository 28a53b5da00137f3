import type { AuditAction, AuditValues } from '@pitclock/contracts/schemas';
import { auditSearchTextOf } from '@pitclock/kit';
import { sql, type SQLWrapper } from 'drizzle-orm';
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
  unique,
} from 'drizzle-orm/pg-core';
import { LICENSING_AUDIT_ACTIONS } from '../domain/audit';

// User ids are the auth service's users.id; this service never reads auth's tables, so they are plain
// integers here (no foreign key across services).
//
// The admin lists are read in keyset pages on (sort expression, id) (kit's pages.ts): each sort column has a
// B-tree index on exactly that pair, so a page at any depth is an index range scan, and the searched text
// columns have trigram indexes (pg_trgm) that serve ILIKE '%part%'.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** How a text column sorts (any case): the same expression in its index and in the pages' queries. */
export const lowerText = (column: SQLWrapper) => sql`lower(${column})`;
/** How a nullable text column sorts (any case, a missing value as ''). */
export const lowerTextOrEmpty = (column: SQLWrapper) => sql`coalesce(lower(${column}), '')`;

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and upper-case. */
    code: text('code').notNull().unique(),
    /** null: unlimited uses (the API takes empty or 0 for it). */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    /** null: DEFAULT_LICENSE_DAYS applies. */
    licenseDays: integer('license_days'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    /** The admin who created it. */
    createdBy: integer('created_by'),
  },
  (table) => [
    check('promo_codes_max_uses_positive', sql`${table.maxUses} IS NULL OR ${table.maxUses} > 0`),
    check(
      'promo_codes_used_count_in_range',
      sql`${table.usedCount} >= 0 AND (${table.maxUses} IS NULL OR ${table.usedCount} <= ${table.maxUses})`,
    ),
    check('promo_codes_license_days_positive', sql`${table.licenseDays} IS NULL OR ${table.licenseDays} > 0`),
    index('promo_codes_code_sort_idx').using('btree', lowerText(table.code), table.id),
    index('promo_codes_created_at_idx').on(table.createdAt, table.id),
    index('promo_codes_used_count_idx').on(table.usedCount, table.id),
    index('promo_codes_code_trgm_idx').using('gin', table.code.op('gin_trgm_ops')),
  ],
);

/** A device of a user: the client's device id (device_uid) and the licence it holds. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    deviceUid: text('device_uid').notNull(),
    deviceName: text('device_name'),
    licenseExpiresAt: timestamp('license_expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: active; set: revoked at that time (its licence is no longer renewed). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('devices_user_device_unique').on(table.userId, table.deviceUid),
    index('devices_user_id_idx').on(table.userId, table.id),
    index('devices_device_uid_sort_idx').using('btree', lowerText(table.deviceUid), table.id),
    index('devices_device_name_sort_idx').using('btree', lowerTextOrEmpty(table.deviceName), table.id),
    index('devices_last_seen_at_idx').on(table.lastSeenAt, table.id),
    index('devices_created_at_idx').on(table.createdAt, table.id),
    index('devices_license_expires_at_idx').on(table.licenseExpiresAt, table.id),
    // Few devices are revoked: the status=revoked filter reads them here rather than scanning the rest.
    index('devices_revoked_idx')
      .on(table.id)
      .where(sql`${table.revokedAt} IS NOT NULL`),
    index('devices_device_uid_trgm_idx').using('gin', table.deviceUid.op('gin_trgm_ops')),
    index('devices_device_name_trgm_idx').using('gin', table.deviceName.op('gin_trgm_ops')),
  ],
);

/** One row per successful redeem. The unique pairs make a second redeem by a user or a device impossible. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull(),
    deviceUid: text('device_uid').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    licenseExpiresAt: timestamp('license_expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('redemptions_code_user_unique').on(table.promoCodeId, table.userId),
    unique('redemptions_code_device_unique').on(table.promoCodeId, table.deviceUid),
  ],
);

/** The balance of a user: kept in the same transaction as each ledger entry, never below 0. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: integer('user_id').primaryKey(),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('credit_balances_balance_not_negative', sql`${table.balance} >= 0`)],
);

export const activationCodes = pgTable(
  'activation_codes',
  {
    id: serial('id').primaryKey(),
    /**
     * The code's hash (hex; ActivationCodeHashes in domain/activation.ts), never the code: it is shown once,
     * when minted. Rows minted before migration 0002 hold the bare SHA-256 of their code.
     */
    codeHash: text('code_hash').notNull().unique(),
    userId: integer('user_id').notNull(),
    createdBy: integer('created_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('activation_codes_used_with_device', sql`(${table.usedAt} IS NULL) = (${table.deviceId} IS NULL)`),
  ],
);

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): the balance is always the sum of delta. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** The admin who granted or adjusted; null for an activation. */
    actorId: integer('actor_id'),
    activationCodeId: integer('activation_code_id').references(() => activationCodes.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('credit_ledger_user_id_idx').on(table.userId, table.id),
    index('credit_ledger_user_created_at_idx').on(table.userId, table.createdAt, table.id),
    index('credit_ledger_user_delta_idx').on(table.userId, table.delta, table.id),
    check('credit_ledger_delta_not_zero', sql`${table.delta} <> 0`),
    check(
      'credit_ledger_reason_known',
      sql`${table.reason} IN ('admin_adjust', 'admin_grant', 'activation')`,
    ),
  ],
);

/** The licence signing key when LICENSE_PRIVATE_KEY is not set: generated once, shared by every instance. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  publicKeyPem: text('public_key_pem').notNull(),
  createdAt: createdAt(),
});

/**
 * The admin actions of this service (domain/audit.ts), each written in the transaction of its change.
 * Append-only like the ledger: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const licensingAudit = pgTable(
  'licensing_audit',
  {
    id: serial('id').primaryKey(),
    createdAt: createdAt(),
    /** The admin who acted (for an activation, whoever activated). */
    actorId: integer('actor_id').notNull(),
    /** One of LICENSING_AUDIT_ACTIONS (its CHECK). */
    action: text('action').$type<AuditAction>().notNull(),
    /** The id of the record acted on: a promo code, a user's balance (the user id), an activation code, a device. */
    targetId: text('target_id').notNull(),
    /** The user concerned: the holder of the credits, of the activation code, the owner of the device. */
    subjectUserId: integer('subject_user_id'),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
  },
  (table) => [
    check(
      'licensing_audit_action_known',
      sql`${table.action} IN (${sql.raw(LICENSING_AUDIT_ACTIONS.map((action) => `'${action}'`).join(', '))})`,
    ),
    index('licensing_audit_created_at_idx').on(table.createdAt, table.id),
    index('licensing_audit_action_idx').on(table.action, table.id),
    index('licensing_audit_actor_idx').on(table.actorId, table.createdAt, table.id),
    index('licensing_audit_subject_idx').on(table.subjectUserId, table.createdAt, table.id),
    index('licensing_audit_search_trgm_idx').using('gin', sql`${auditSearchTextOf(table)} gin_trgm_ops`),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type RedemptionRow = typeof redemptions.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type ActivationCodeRow = typeof activationCodes.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type AuditRow = typeof licensingAudit.$inferSelect;
