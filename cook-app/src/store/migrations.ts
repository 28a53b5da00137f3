// The migration chain and the repair of damaged stored slices. Loaded only when the stored state needs
// it (an older version, or a slice that is not a sound entity state), so it stays off the first screen.
import { createMigrate, type MigrationManifest, type PersistedState } from 'redux-persist';
import { isRecord, readId, type AnyRecord } from '../domain/readers';
import { isEntityState } from './entity-state';
import { canonicaliseList } from './records';
import { STORE_NAMES, type StoreName } from './types';

const emptyEntities = () => ({ ids: [] as string[], entities: {} as Record<string, unknown> });

/** The records of a stored slice in any shape older versions used: a list, an entity state or an id map. */
function recordsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return [];
  if (Array.isArray(value.ids) && isRecord(value.entities)) {
    const entities = value.entities;
    return value.ids.map((id) => entities[String(id)]).filter((record) => record !== undefined);
  }
  return Object.values(value);
}

/** An entity state of canonical records from a stored slice of any shape. */
function toEntityState(store: StoreName, value: unknown, now: string) {
  const state = emptyEntities();
  for (const record of canonicaliseList(store, recordsOf(value), now)) {
    const id = 'id' in record ? record.id : record.contest_id;
    state.ids.push(id);
    state.entities[id] = record;
  }
  return state;
}

export type Stored = AnyRecord & { _persist?: unknown };

/**
 * The migration chain (keys are the version a migration produces). Shapes of the older versions:
 * - up to 12: each store a plain list of records;
 * - 13: entity states ({ids, entities}); contests with `date` (and sometimes `title`), template steps
 *   with `mins_before_turn_in`/`step_name`, run steps with `due_at`, numeric ids, no stamps on
 *   seeded records; no contest_environment store;
 * - 14: as 13 plus contest_environment;
 * - 15: canonical records (types.ts): SPEC field names, string ids, created_at/updated_at/is_local.
 * Each step accepts anything (a malformed store becomes an empty one, never an exception).
 */
export function createMigrations(now: () => string): MigrationManifest {
  const step = (fn: (state: Stored) => Stored) => (state: PersistedState) =>
    (isRecord(state) ? fn(state) : state) as PersistedState;
  return {
    13: step((state) => {
      const out: Stored = { ...state };
      for (const store of STORE_NAMES) {
        if (!Array.isArray(state[store])) continue;
        const entities: AnyRecord = {};
        const ids: string[] = [];
        (state[store] as unknown[]).forEach((record, index) => {
          const id = String(
            readId(isRecord(record) ? (record.id ?? record.step_id ?? record.contest_id) : null) ??
              `legacy-${index}`,
          );
          if (!(id in entities)) ids.push(id);
          entities[id] = record;
        });
        out[store] = { ids, entities };
      }
      return out;
    }),
    14: step((state) => ({ ...state, contest_environment: state.contest_environment ?? emptyEntities() })),
    15: step((state) => {
      const at = now();
      const out: Stored = { ...state };
      for (const store of STORE_NAMES) out[store] = toEntityState(store, state[store], at);
      const meta = isRecord(state.appMeta) ? state.appMeta : {};
      out.appMeta = { ...meta, seededAt: meta.seededAt ?? meta.seeded_at ?? null };
      return out;
    }),
  };
}

/**
 * Runs the migrations from the stored version to `version`, then rebuilds any store that is still not
 * a sound entity state from the records it holds (so a damaged slice never reaches the screens).
 */
export async function migrate(
  state: PersistedState,
  version: number,
  now: () => string,
): Promise<PersistedState> {
  const migrated = await createMigrate(createMigrations(now), { debug: false })(state, version);
  if (!isRecord(migrated)) return migrated;
  const out: Stored = { ...migrated };
  for (const store of STORE_NAMES) {
    if (store in out && !isEntityState(out[store])) out[store] = toEntityState(store, out[store], now());
  }
  return out as PersistedState;
}
