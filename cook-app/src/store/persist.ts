import localforage from 'localforage';
import { OFFLINE_DB } from '@pitclock/contracts/offline-db';
import type { PersistedState, Storage } from 'redux-persist';
import { isRecord, type AnyRecord } from '../domain/readers';
import { initialAppMeta } from './app-meta-slice';
import { ACCOUNT_SETTINGS_STATE_KEY } from './account-settings';
import { isEntityState } from './entity-state';
import type { CookState } from './root-reducer';
import { STORE_NAMES, type AppMetaState } from './types';

// The database's layout is declared in contracts (OFFLINE_DB): the admin console and the shell use it too.
/**
 * The legacy IndexedDB database, of the versions that kept one for the device; each account now has
 * its own (offlineDbNameFor, account-store.ts), and this one is claimed by the first account.
 */
export const OFFLINE_DB_NAME = OFFLINE_DB.name;
/** Object store inside it that holds the persisted state (one record, key 'persist:root'). */
export const OFFLINE_STORE_NAME = OFFLINE_DB.storeName;
export const PERSIST_KEY = OFFLINE_DB.persistKey;
export const PERSISTED_ITEM_KEY = OFFLINE_DB.key;
/** Version of the persisted state (SPEC.md section 9: local database version 15). */
export const PERSIST_VERSION = OFFLINE_DB.version;
/**
 * redux-persist's throttle is per slice: it stages one changed slice per interval and writes once all
 * are staged, so a write waits (changed slices) x throttle. After a start every slice counts as
 * changed: 400 ms made the first write wait about 5 s, and a reload in that time lost the change. 0
 * stages one slice per timer tick: a burst of operations in one task is still written once, and
 * nothing waits. pagehide and a hidden tab flush at once (create-cook-store.ts).
 */
export const PERSIST_THROTTLE_MS = 0;

/**
 * localforage on IndexedDB database `name` (structured clone: the state is stored as an object, not
 * JSON): an account's, offlineDbNameFor(accountId); the legacy 'PitClock' by default (tests).
 */
export function offlineStorage(name: string = OFFLINE_DB_NAME): Storage {
  return localforage.createInstance({ name, storeName: OFFLINE_STORE_NAME });
}

export type GuardedStorage = Storage & {
  /** Holds back every further write (after a failed load, so that it cannot overwrite stored data). */
  holdWrites: () => void;
  writesHeld: () => boolean;
};

/**
 * The storage redux-persist writes through. With serialize: false redux-persist hands setItem its own
 * staging object, which it keeps mutating on later throttle ticks while localforage clones it only
 * when the IndexedDB transaction starts; a shallow copy taken here makes each write one consistent
 * snapshot of the state at the time it was issued.
 */
export function guardStorage(inner: Storage): GuardedStorage {
  let held = false;
  return {
    getItem: (key: string) => inner.getItem(key),
    setItem: (key: string, value: unknown) =>
      held ? Promise.resolve() : inner.setItem(key, isRecord(value) ? { ...value } : value),
    removeItem: (key: string) => inner.removeItem(key),
    holdWrites: () => {
      held = true;
    },
    writesHeld: () => held,
  };
}

type Stored = AnyRecord & { _persist?: unknown };

/**
 * redux-persist's migrate with the chain of migrations.ts (keys are the version a migration produces;
 * 13, 14 and 15 there). A state with no _persist key counts as version -1 (every migration runs); a
 * sound state at version 15 runs none and loads no migration code, and since the migrated state is
 * written right after rehydration, a migration never runs twice. Reports the version it migrated from.
 */
export function createCookMigrate(now: () => string, onMigrated: (fromVersion: number) => void) {
  return async (state: PersistedState, version: number): Promise<PersistedState> => {
    const stored = state as Stored | undefined;
    if (!isRecord(stored)) return state;
    const persisted = isRecord(stored._persist) ? stored._persist : undefined;
    const from = typeof persisted?.version === 'number' ? persisted.version : -1;
    const sound = STORE_NAMES.every((store) => !(store in stored) || isEntityState(stored[store]));
    if (from === version && sound) return state;
    const { migrate } = await import('./migrations');
    const migrated = await migrate(state, version, now);
    if (from < version) onMigrated(from);
    return migrated;
  };
}

/**
 * The state reconciler: takes each known slice from the (migrated and repaired) stored state, level 1
 * like redux-persist's autoMergeLevel1; app meta gets the fields an older state lacks, and stored keys
 * no slice knows are dropped.
 */
export function createReconciler() {
  return <S extends CookState>(inbound: unknown, original: S, reduced: S): S => {
    const next = { ...reduced };
    if (!isRecord(inbound)) return next;
    const target = next as Record<string, unknown>;
    for (const key of Object.keys(reduced)) {
      if (key === '_persist' || !(key in inbound)) continue;
      if ((original as AnyRecord)[key] !== (reduced as AnyRecord)[key]) continue;
      const value = inbound[key];
      if (key === 'appMeta') {
        target.appMeta = { ...initialAppMeta, ...(isRecord(value) ? pickMeta(value) : {}) };
      } else if (
        ((STORE_NAMES as readonly string[]).includes(key) || key === ACCOUNT_SETTINGS_STATE_KEY) &&
        isEntityState(value)
      ) {
        target[key] = value;
      }
    }
    return next;
  };
}

function pickMeta(value: AnyRecord): Partial<AppMetaState> {
  const meta: Partial<AppMetaState> = {};
  for (const key of Object.keys(initialAppMeta) as (keyof AppMetaState)[]) {
    const field = value[key];
    if (typeof field === 'string' || typeof field === 'number') Object.assign(meta, { [key]: field });
  }
  return meta;
}
