// Between the store's records and the synced ones (docs/sync.md "Data model"): which records sync,
// under which scope, with which fields, and the mutations that turn one snapshot of the store into
// the next. Pure: the clock comes in as `stamp`.
import type { EntityState } from '@reduxjs/toolkit';
import {
  SYNC_STORES,
  isLive,
  storeAllowedInScope,
  teamScope,
  userScope,
  type Fields,
  type FieldValue,
  type Mutation,
  type Scope,
  type SyncRecord,
  type SyncStore,
} from '@pitclock/contracts/sync';
import { readAccountSettings, type AccountSettings } from '../../store/account-settings';
import { canonicalise, type Canonicalise } from '../../store/records';
import type { RecordOf, StoreName } from '../../store/types';

/** The records of the device that sync: the offline database's record stores and the account's settings. */
type SyncedRecordOf = RecordOf & { settings: AccountSettings };

/** The stores of the device that sync, parents before children: contracts' list. */
export const SYNCED_STORES = SYNC_STORES satisfies readonly (StoreName | 'settings')[];
export type SyncedStore = SyncStore;

type Entities<K extends SyncedStore> = EntityState<SyncedRecordOf[K], string>;
export type SyncedSnapshot = { [K in SyncedStore]: Entities<K> };

/** Fields that describe this device's copy only. */
const DEVICE_FIELDS = new Set(['id', 'is_local']);

type AnyRecord = Record<string, unknown>;

/** A record's synced fields: every field but the device's own, as JSON values (undefined left out). */
export function fieldsOf(record: object): Fields {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(record as AnyRecord)) {
    if (DEVICE_FIELDS.has(key) || value === undefined) continue;
    fields[key] = JSON.parse(JSON.stringify(value)) as FieldValue;
  }
  return fields;
}

/** The global categories (user_id null) are seeded on every device: they never sync. */
const syncs = (store: SyncedStore, record: AnyRecord) => store !== 'categories' || record.user_id != null;

const teamOf = (record: AnyRecord | undefined): string | null =>
  typeof record?.team_id === 'string' && record.team_id !== '' ? record.team_id : null;

/**
 * The scope a record syncs under: a cook-off or template shared with a team is the team's, with
 * everything under it (steps, attachments, runs, run steps, notes); the rest is the account's.
 */
export function scopeOf(
  store: SyncedStore,
  record: AnyRecord,
  snapshot: SyncedSnapshot,
  account: string,
): Scope {
  const own = userScope(account);
  const byTeam = (parent: AnyRecord | undefined) => {
    const team = teamOf(parent);
    return team === null ? own : teamScope(team);
  };
  const contest = (id: unknown) => (typeof id === 'string' ? snapshot.contests.entities[id] : undefined);
  switch (store) {
    case 'templates':
    case 'contests':
      return byTeam(record);
    case 'template_steps':
      return byTeam(
        typeof record.template_id === 'string' ? snapshot.templates.entities[record.template_id] : undefined,
      );
    case 'contest_templates':
    case 'runs':
    case 'run_steps':
      return byTeam(contest(record.contest_id));
    case 'step_notes': {
      const run = typeof record.run_id === 'string' ? snapshot.runs.entities[record.run_id] : undefined;
      return byTeam(contest(run?.contest_id));
    }
    default:
      return own;
  }
}

const same = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The fields of `next` that differ from `prev` (a field `next` no longer has is set to null). */
function changedFields(prev: Fields, next: Fields): Fields {
  const changed: Fields = {};
  for (const [key, value] of Object.entries(next)) if (!same(prev[key], value)) changed[key] = value;
  for (const key of Object.keys(prev)) if (!(key in next)) changed[key] = null;
  return changed;
}

/**
 * The mutations that take the synced world from `prev` to `next`: changed fields of changed records
 * (compared by reference first: the store's records are immutable), deletes of removed ones, and a
 * record whose scope changed (shared with a team) deleted from its old scope and written whole to its
 * new one.
 */
export function diffSnapshots(
  prev: SyncedSnapshot,
  next: SyncedSnapshot,
  account: string,
  stamp: () => string,
): Mutation[] {
  const mutations: Mutation[] = [];
  for (const store of SYNCED_STORES) {
    const before = prev[store].entities as Record<string, AnyRecord | undefined>;
    const after = next[store].entities as Record<string, AnyRecord | undefined>;
    for (const id of next[store].ids) {
      const record = after[id];
      if (!record || !syncs(store, record)) continue;
      const old = before[id];
      const scope = scopeOf(store, record, next, account);
      const oldScope = old && syncs(store, old) ? scopeOf(store, old, prev, account) : null;
      if (old === record && oldScope === scope) continue;
      const fields = fieldsOf(record);
      if (oldScope !== null && oldScope !== scope)
        mutations.push({ scope: oldScope, store, id, hlc: stamp(), delete: true });
      const set = oldScope === scope && old ? changedFields(fieldsOf(old), fields) : fields;
      if (Object.keys(set).length > 0) mutations.push({ scope, store, id, hlc: stamp(), set });
    }
    for (const id of prev[store].ids) {
      const old = before[id];
      if (after[id] !== undefined || !old || !syncs(store, old)) continue;
      mutations.push({ scope: scopeOf(store, old, prev, account), store, id, hlc: stamp(), delete: true });
    }
  }
  return mutations;
}

/**
 * The store's records as the synced records say (the live ones; where one id lives in two scopes, the
 * team's copy, then the lowest scope, so that every device picks the same).
 */
export function snapshotFromSync(records: Iterable<SyncRecord>, now: string): SyncedSnapshot {
  const chosen = new Map<string, SyncRecord>();
  for (const record of records) {
    if (!isLive(record) || !(SYNCED_STORES as readonly string[]).includes(record.store)) continue;
    // The account's settings are read from its own scope only (a team's copy is none of its business).
    if (!storeAllowedInScope(record.store, record.scope)) continue;
    const key = `${record.store}|${record.id}`;
    const held = chosen.get(key);
    if (!held || record.scope < held.scope) chosen.set(key, record);
  }
  const snapshot = emptySnapshot();
  for (const record of chosen.values()) {
    const store = record.store as SyncedStore;
    const converted = storeRecordOf(store, record, now);
    if (!converted) continue;
    (snapshot[store].ids as string[]).push(record.id);
    (snapshot[store].entities as Record<string, unknown>)[record.id] = converted;
  }
  return snapshot;
}

/** A synced record in the store's shape (read as tolerantly as a backup), or null when it cannot be one. */
export function storeRecordOf<K extends SyncedStore>(
  store: K,
  record: SyncRecord,
  now: string,
): SyncedRecordOf[K] | null {
  const read = (
    store === 'settings' ? readAccountSettings : canonicalise[store as StoreName]
  ) as Canonicalise<StoreName>;
  return read({ ...record.fields, id: record.id, is_local: false }, now) as SyncedRecordOf[K] | null;
}

export const emptySnapshot = (): SyncedSnapshot =>
  Object.fromEntries(
    SYNCED_STORES.map((store) => [store, { ids: [], entities: {} }]),
  ) as unknown as SyncedSnapshot;

/** The synced stores of the cook-app's state. */
export const snapshotOf = (state: SyncedSnapshot): SyncedSnapshot =>
  Object.fromEntries(SYNCED_STORES.map((store) => [store, state[store]])) as unknown as SyncedSnapshot;
