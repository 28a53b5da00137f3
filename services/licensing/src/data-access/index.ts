import { fileURLToPath } from 'node:url';
import type { MigrateOptions } from '@pitclock/kit';

export {
  activationCodes,
  creditBalances,
  creditLedger,
  devices,
  licensingAudit,
  promoCodes,
  redemptions,
  signingKeys,
  type ActivationCodeRow,
  type AuditRow,
  type DeviceRow,
  type LedgerRow,
  type PromoCodeRow,
  type RedemptionRow,
  type SigningKeyRow,
} from './schema';
export {
  createPromoCodesRepository,
  type NewPromoCode,
  type PromoCodesRepository,
  type RedeemFacts,
  type RedeemResult,
} from './promo-codes-repository';
export {
  createDevicesRepository,
  type DevicesPageFilters,
  type DevicesRepository,
} from './devices-repository';
export { createAuditRepository, type AuditFilters, type AuditRepository } from './audit-repository';
export { createCreditsRepository, type CreditChange, type CreditsRepository } from './credits-repository';
export {
  createActivationCodesRepository,
  type ActivateResult,
  type ActivationCodesRepository,
} from './activation-codes-repository';
export { createSigningKeysRepository, type SigningKeysRepository } from './signing-keys-repository';
export {
  AuthUnavailableError,
  createAuthAdminClient,
  type AuthAdminClient,
  type AuthAdminClientOptions,
  type UserLookup,
} from './auth-admin-client';

/** The drizzle-kit migrations of this service and its own migrations table. */
export const migrations: MigrateOptions = {
  migrationsFolder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  migrationsTable: '__drizzle_migrations_licensing',
};

/** The tables this service owns (its migrations create exactly these in public). */
export const ownedTables = [
  'activation_codes',
  'credit_balances',
  'credit_ledger',
  'devices',
  'licensing_audit',
  'promo_codes',
  'redemptions',
  'signing_keys',
] as const;
