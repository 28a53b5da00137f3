// The synced record: a last-writer-wins map of fields, each field with the stamp of the write that set
// it, and a tombstone. The merge is a join (commutative, associative, idempotent), so replicas that have
// seen the same writes hold the same record whatever order the writes came in, and however often.
// The rules (docs/sync.md "Conflicts"):
// - Two writes to the same field: the later stamp wins (stamps are totally ordered: see hlc.ts).
// - Two writes to different fields: both are kept (a step completed on one phone, a note on another).
// - A delete against writes: the latest of them wins. A record is gone when its latest delete is later
//   than every write; a write stamped after the delete (a restored backup, an edit made after it)
//   brings it back, with every field as last written. Fields merge either way, so replicas agree.
import { isHlc, maxHlc, type Hlc } from './hlc';

/**
 * The record stores that sync: the offline database's, less the seeded, read-only sanctioning bodies and
 * the weather records (a cache of the weather service, fetched again on any device), plus the account's
 * settings.
 */
export const SYNC_STORES = [
  'categories',
  'templates',
  'template_steps',
  'contests',
  'contest_templates',
  'runs',
  'run_steps',
  'step_notes',
  'settings',
] as const;
export type SyncStore = (typeof SYNC_STORES)[number];

/**
 * Who may read and write a record: one account (`u:<user id>`) or one team (`t:<team id>`). A record's
 * address is its scope, store and id: the same id in two scopes is two records.
 */
export type Scope = `u:${string}` | `t:${string}`;
export const SCOPE_PATTERN = /^[ut]:[A-Za-z0-9-]{1,64}$/;
export const isScope = (value: unknown): value is Scope =>
  typeof value === 'string' && SCOPE_PATTERN.test(value);
export const userScope = (userId: string | number): Scope => `u:${userId}`;
export const teamScope = (teamId: string): Scope => `t:${teamId}`;

/** The stores whose records are the account's alone: their records live in its user scope, never a team's. */
export const ACCOUNT_ONLY_STORES: readonly SyncStore[] = ['settings'];

/**
 * Whether a record of `store` may live in `scope`: any store in the account's own scope; in a team's,
 * every store but the account-only ones (the account's settings are never shared with a team).
 */
export const storeAllowedInScope = (store: SyncStore, scope: Scope): boolean =>
  scope.startsWith('u:') || !ACCOUNT_ONLY_STORES.includes(store);

/** Field names: lower-case words (never '__proto__' or 'constructor'). */
export const FIELD_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const isFieldName = (name: string) => FIELD_PATTERN.test(name) && name !== 'constructor';

export type FieldValue = null | boolean | number | string | FieldValue[] | { [key: string]: FieldValue };
export type Fields = Record<string, FieldValue>;

export type SyncRecord = {
  scope: Scope;
  store: SyncStore;
  id: string;
  fields: Fields;
  /** The stamp of the write that set each field. */
  clocks: Record<string, Hlc>;
  /** The latest delete's stamp, or null: the record is gone while no field was written after it. */
  deleted: Hlc | null;
};

/** One change of one record, as a device makes it: fields set, or the record deleted. */
export type Mutation = {
  scope: Scope;
  store: SyncStore;
  id: string;
  hlc: Hlc;
  set?: Fields;
  delete?: boolean;
};

export const recordKey = (r: { scope: string; store: string; id: string }) => `${r.scope}|${r.store}|${r.id}`;

export const emptyRecord = ({
  scope,
  store,
  id,
}: Pick<SyncRecord, 'scope' | 'store' | 'id'>): SyncRecord => ({
  scope,
  store,
  id,
  fields: {},
  clocks: {},
  deleted: null,
});

/** JSON with object keys sorted (PostgreSQL's jsonb does not keep their order). */
const canonicalJson = (value: FieldValue | undefined): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** Deterministic order of two values written with the same stamp (only a faulty replica does that). */
const valueOrder = (a: FieldValue | undefined, b: FieldValue | undefined) => {
  const x = canonicalJson(a);
  const y = canonicalJson(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Whether the field written at `stamp` with `value` wins over what `record` holds for it. */
function wins(record: SyncRecord, field: string, stamp: Hlc, value: FieldValue): boolean {
  const held = record.clocks[field];
  if (held === undefined || stamp > held) return true;
  return stamp === held && valueOrder(value, record.fields[field]) > 0;
}

/** The record after one mutation (a new object; the input is not changed). */
export function applyMutation(record: SyncRecord | undefined, mutation: Mutation): SyncRecord {
  const base = record ?? emptyRecord(mutation);
  const next: SyncRecord = { ...base, fields: { ...base.fields }, clocks: { ...base.clocks } };
  for (const [field, value] of Object.entries(mutation.set ?? {})) {
    if (!isFieldName(field) || !wins(next, field, mutation.hlc, value)) continue;
    next.fields[field] = value;
    next.clocks[field] = mutation.hlc;
  }
  if (mutation.delete) next.deleted = maxHlc(next.deleted, mutation.hlc);
  return next;
}

/** The join of two states of one record (the order of the arguments does not matter). */
export function mergeRecords(a: SyncRecord, b: SyncRecord): SyncRecord {
  let merged: SyncRecord = { ...a, fields: { ...a.fields }, clocks: { ...a.clocks } };
  for (const [field, stamp] of Object.entries(b.clocks)) {
    if (!isFieldName(field) || !isHlc(stamp)) continue;
    const value = b.fields[field] ?? null;
    if (wins(merged, field, stamp, value)) {
      merged.fields[field] = value;
      merged.clocks[field] = stamp;
    }
  }
  merged = { ...merged, deleted: maxHlc(a.deleted, b.deleted) };
  return merged;
}

/** Whether the record is there: never deleted, or written again after its latest delete. */
export function isLive(record: SyncRecord | undefined): record is SyncRecord {
  if (record === undefined) return false;
  const { deleted } = record;
  return deleted === null || Object.values(record.clocks).some((stamp) => stamp > deleted);
}

/** The latest stamp anywhere in a record (a replica's clock takes it in). */
export function latestStamp(record: SyncRecord): Hlc | null {
  let latest = record.deleted;
  for (const stamp of Object.values(record.clocks)) latest = maxHlc(latest, stamp);
  return latest;
}
