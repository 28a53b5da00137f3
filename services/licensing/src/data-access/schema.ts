import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    /** null: unlimited uses. */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    /** null: a licence without end. */
    licenseDays: integer('license_days'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

export type PromoCodeRow = typeof promoCodes.$inferSelect;
