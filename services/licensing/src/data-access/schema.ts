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
  unique,
} from 'drizzle-orm/pg-core';

// User ids are the auth service's users.id; this service never reads auth's tables, so they are plain
// integers here (no foreign key across services).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
  (table) => [unique('devices_user_device_unique').on(table.userId, table.deviceUid)],
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

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type RedemptionRow = typeof redemptions.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type ActivationCodeRow = typeof activationCodes.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;
