import {
  applyMutation,
  recordKey,
  type Mutation,
  type Scope,
  type SyncRecord,
} from '@pitclock/contracts/sync';

export type VersionedRecord = SyncRecord & { version: number };

/** The distinct records the mutations touch (first touch order). */
export const addressesOf = (mutations: readonly Mutation[]) => {
  const seen = new Map<string, Pick<SyncRecord, 'scope' | 'store' | 'id'>>();
  for (const { scope, store, id } of mutations) {
    const key = recordKey({ scope, store, id });
    if (!seen.has(key)) seen.set(key, { scope, store, id });
  }
  return [...seen.values()];
};

/** The records after the mutations, applied in the order given to what was stored (one entry per record). */
export const applyAll = (stored: readonly SyncRecord[], mutations: readonly Mutation[]): SyncRecord[] => {
  const records = new Map(stored.map((record) => [recordKey(record), record]));
  const touched = new Map<string, SyncRecord>();
  for (const mutation of mutations) {
    const key = recordKey(mutation);
    const next = applyMutation(touched.get(key) ?? records.get(key), mutation);
    touched.set(key, next);
  }
  return [...touched.values()];
};

/** How many versions each scope needs: one per record changed in it. */
export const versionsNeeded = (records: readonly Pick<SyncRecord, 'scope'>[]): Map<Scope, number> => {
  const counts = new Map<Scope, number>();
  for (const { scope } of records) counts.set(scope, (counts.get(scope) ?? 0) + 1);
  return counts;
};

/** Each record with its own version of its scope, counting up from the scope's first new version. */
export const withVersions = (
  records: readonly SyncRecord[],
  firsts: ReadonlyMap<Scope, number>,
): VersionedRecord[] => {
  const next = new Map(firsts);
  return records.map((record) => {
    const version = next.get(record.scope)!;
    next.set(record.scope, version + 1);
    return { ...record, version };
  });
};
