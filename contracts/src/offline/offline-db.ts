// The layout of the cook-app's offline database (SPEC.md sections 3 and 9), declared once: cook-app
// persists its Redux state with it (store/persist.ts, store/types.ts, domain/backup.ts), the admin
// console's diagnostics read it (read-only), and the shell's Reset App Data deletes the database by name.
// redux-persist writes through localforage on IndexedDB: database 'PitClock', object store 'state', one
// record under 'persist:root', stored as a structured object (serialize: false):
// { appMeta, sanctioning_bodies: {ids, entities}, ..., _persist: {version, rehydrated} }.
// Plain data: no zod.

const PERSIST_KEY = 'root';

export const OFFLINE_DB = {
  /** IndexedDB database (localforage's name). */
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
