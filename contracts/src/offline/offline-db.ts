// The layout of the cook-app's offline database (SPEC.md sections 3 and 9), declared once: cook-app
// persists its Redux state with it (store/persist.ts, store/types.ts, domain/backup.ts), the admin
// console's diagnostics read it (read-only), and the shell's Reset App Data deletes the databases by name.
// Each account has its own database (offlineDbNameFor: 'PitClock-u<id>'); 'PitClock' is the legacy one
// of the versions before that, which the first account to sign in claims (account-data.ts).
// redux-persist writes through localforage on IndexedDB: database 'PitClock-u<id>', object store 'state',
// one record under 'persist:root', stored as a structured object (serialize: false):
// { appMeta, sanctioning_bodies: {ids, entities}, ..., _persist: {version, rehydrated} }.
// Plain data: no zod.

const PERSIST_KEY = 'root';

export const OFFLINE_DB = {
  /**
   * The legacy database, of the versions that kept one for the device (data made before accounts had
   * their own); an account's database is offlineDbNameFor(accountId).
   */
  name: 'PitClock',
  /** Object store inside it that holds the persisted state. */
  storeName: 'state',
  /** redux-persist's key. */
  persistKey: PERSIST_KEY,
  /** The record's key in the object store (redux-persist's 'persist:' + key). */
  key: `persist:${PERSIST_KEY}`,
  /** Version of the persisted state, which backups carry too (SPEC.md section 9: version 15). */
  version: 15,
} as const;

/** The record stores of the offline database, in the order backups list them. */
export const OFFLINE_STORES = [
  'sanctioning_bodies',
  'categories',
  'templates',
  'template_steps',
  'contests',
  'contest_templates',
  'runs',
  'run_steps',
  'step_notes',
  'contest_environment',
] as const;

export type OfflineStore = (typeof OFFLINE_STORES)[number];

const ACCOUNT_DB_PREFIX = `${OFFLINE_DB.name}-u`;
const ACCOUNT_DB_NAME = /^PitClock-u[1-9]\d*$/;

/**
 * The one place an account's offline database is named: 'PitClock-u' + the account id (the access
 * token's sub, contracts' accountIdOf), e.g. 'PitClock-u7'. The per-account localStorage keys are
 * named after it too (accountStorageKey).
 */
export function offlineDbNameFor(accountId: string): string {
  return `${ACCOUNT_DB_PREFIX}${accountId}`;
}

/** Whether `name` is one of PitClock's offline databases: the legacy 'PitClock' or an account's. */
export function isOfflineDbName(name: string): boolean {
  return name === OFFLINE_DB.name || ACCOUNT_DB_NAME.test(name);
}

/** The prefix of every localStorage key of one account: 'PitClock-u7:'. */
export function accountKeyPrefix(accountId: string): string {
  return `${offlineDbNameFor(accountId)}:`;
}

/**
 * The one way a localStorage setting that belongs to an account is named: 'PitClock-u7:' + `key`, e.g.
 * 'PitClock-u7:cloudBackupApiKey'. Device settings (theme, onboarding, device id) keep their plain keys.
 */
export function accountStorageKey(accountId: string, key: string): string {
  return `${accountKeyPrefix(accountId)}${key}`;
}

/** localStorage keys of the device (not of an account) that keep track of the accounts' data. */
export const ACCOUNT_DATA_KEYS = {
  /** JSON list of the account ids whose database was made here (Reset App Data's fallback list). */
  accounts: 'PitClock-accounts',
  /** The account that claimed the legacy data (database 'PitClock' and the unsuffixed keys). */
  legacyOwner: 'PitClock-legacy-owner',
} as const;
