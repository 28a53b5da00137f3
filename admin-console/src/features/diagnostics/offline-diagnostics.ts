import { OFFLINE_DB, OFFLINE_STORES, type OfflineStore } from './offline-db';

/** A value stored more than once in one store: a name (trimmed, any case) or a record id. */
export type Duplicate = { store: OfflineStore; kind: 'name' | 'id'; value: string; count: number };

/** The offline diagnostics of SPEC.md section 3, read from the stored state (pure). */
export type OfflineDiagnostics = {
  /** The version of the stored state (redux-persist's _persist.version); null when it has none. */
  dbVersion: number | null;
  /** The stored state is at the version the cook-app runs (its migrations ran, or none were needed). */
  migrated: boolean;
  /** The version the last migration on this device started from, and when it ran. */
  migratedFrom: number | null;
  migratedAt: string | null;
  /** The sanctioning bodies and global categories were seeded (and when). */
  seeded: boolean;
  seededAt: string | null;
  counts: Record<OfflineStore, number>;
  sanctioningBodyNames: string[];
  /** Names of sanctioning bodies stored more than once (shown in red). */
  duplicateSanctioningBodies: string[];
  /** Every duplicate found: sanctioning-body and global-category names, record ids of any store. */
  duplicates: Duplicate[];
};

type AnyRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is AnyRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** redux-persist's default format (serialize: true) is JSON of an object whose values are JSON too. */
function decode(stored: unknown): unknown {
  const parse = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
  const outer = parse(stored);
  if (!isRecord(outer)) return outer;
  return Object.fromEntries(
    Object.entries(outer).map(([key, value]) => {
      try {
        return [key, parse(value)];
      } catch {
        return [key, value];
      }
    }),
  );
}

/**
 * The ids and records of a stored slice in any shape the cook-app has used (migrations.ts): an entity
 * state {ids, entities} (version 13 on), a plain list (up to 12) or a map of id to record.
 */
function recordsOf(value: unknown): { ids: string[]; records: AnyRecord[] } {
  if (Array.isArray(value)) {
    const records = value.filter(isRecord);
    return {
      ids: records
        .map((r) => r.id ?? r.step_id ?? r.contest_id)
        .filter((id) => id != null)
        .map(String),
      records,
    };
  }
  if (!isRecord(value)) return { ids: [], records: [] };
  if (Array.isArray(value.ids) && isRecord(value.entities)) {
    const entities = value.entities;
    const ids = value.ids.map(String);
    return { ids, records: [...new Set(ids)].map((id) => entities[id]).filter(isRecord) };
  }
  return { ids: Object.keys(value), records: Object.values(value).filter(isRecord) };
}

/** Values that occur more than once, with their count, in first-seen order (keyed by `key`). */
function repeated(values: string[], key: (value: string) => string = (value) => value) {
  const seen = new Map<string, { value: string; count: number }>();
  for (const value of values) {
    const k = key(value);
    const entry = seen.get(k);
    if (entry) entry.count += 1;
    else seen.set(k, { value, count: 1 });
  }
  return [...seen.values()].filter((entry) => entry.count > 1);
}

const nameKey = (name: string) => name.trim().toLowerCase();
const names = (records: AnyRecord[]) =>
  records.map((record) => record.name).filter((name): name is string => typeof name === 'string');
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The diagnostics of a stored state, or null when nothing is stored. Throws (with the parser's text)
 * only when the record is not readable at all.
 */
export function toDiagnostics(stored: unknown): OfflineDiagnostics | null {
  if (stored === null || stored === undefined) return null;
  const state = decode(stored);
  if (!isRecord(state)) throw new Error('The stored state is not an object.');

  const persisted = isRecord(state._persist) ? state._persist : {};
  const dbVersion = typeof persisted.version === 'number' ? persisted.version : null;
  const meta = isRecord(state.appMeta) ? state.appMeta : {};
  const seededAt = text(meta.seededAt) ?? text(meta.seeded_at);

  const counts = {} as Record<OfflineStore, number>;
  const duplicates: Duplicate[] = [];
  let bodyNames: string[] = [];
  for (const store of OFFLINE_STORES) {
    const { ids, records } = recordsOf(state[store]);
    counts[store] = records.length;
    for (const { value, count } of repeated(ids)) duplicates.push({ store, kind: 'id', value, count });
    if (store === 'sanctioning_bodies') bodyNames = names(records);
    const named =
      store === 'sanctioning_bodies'
        ? bodyNames
        : store === 'categories'
          ? names(records.filter((record) => record.user_id === null || record.user_id === undefined))
          : [];
    for (const { value, count } of repeated(named, nameKey))
      duplicates.push({ store, kind: 'name', value, count });
  }

  return {
    dbVersion,
    migrated: dbVersion === OFFLINE_DB.version,
    migratedFrom: typeof meta.migratedFrom === 'number' ? meta.migratedFrom : null,
    migratedAt: text(meta.migratedAt),
    seeded: seededAt !== null,
    seededAt,
    counts,
    sanctioningBodyNames: bodyNames,
    duplicateSanctioningBodies: duplicates
      .filter((d) => d.store === 'sanctioning_bodies' && d.kind === 'name')
      .map((d) => d.value),
    duplicates,
  };
}
