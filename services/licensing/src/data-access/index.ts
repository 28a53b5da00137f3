import { fileURLToPath } from 'node:url';
import type { MigrateOptions } from '@pitclock/kit';

export { promoCodes, type PromoCodeRow } from './schema';
export { createPromoCodesRepository, type PromoCodesRepository } from './promo-codes-repository';

/** The drizzle-kit migrations of this service and its own migrations table. */
export const migrations: MigrateOptions = {
  migrationsFolder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  migrationsTable: '__drizzle_migrations_licensing',
};
