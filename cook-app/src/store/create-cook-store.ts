import {
  configureStore,
  isAction,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type PersistConfig,
  type Storage,
} from 'redux-persist';
import { version as cookAppVersion } from '../../package.json';
import { changesApplied, isEmptyChangeSet, SYNC_PULL_OP } from './actions';
import {
  PERSIST_KEY,
  PERSIST_THROTTLE_MS,
  PERSIST_VERSION,
  PERSISTED_ITEM_KEY,
  createCookMigrate,
  createReconciler,
  guardStorage,
  offlineStorage,
} from './persist';
import { rootReducer, type CookState } from './root-reducer';
import { replanActiveRuns, touchesPlanInputs } from './run-plan';
import { planSeed } from './seed';
import { selectSeedInput } from './selectors';
import type { CookDispatch, CookExtra, CookRootState, PersistHealth } from './thunk';
import type { AppMetaState } from './types';

export type CookStoreOptions = {
  /**
   * Where the state is persisted (default: localforage on the legacy IndexedDB 'PitClock'; the app
   * passes the account's database, account-store.ts).
   */
  storage?: Storage;
  /** Epoch milliseconds now (default Date.now). */
  clock?: () => number;
  /** New record ids (default crypto.randomUUID). */
  newId?: () => string;
  /** IANA time zone of HH:MM inputs and contest dates (default: the device's). */
  timeZone?: string;
  /** Recorded in backups (default: the cook-app's package version). */
  appVersion?: string;
  /**
   * Owner of the categories, templates and contests created here: the account id in the app
   * (account-store.ts); default 'local', as records made before accounts had their own database say.
   */
  userId?: () => string;
  /** Write throttle in ms (default PERSIST_THROTTLE_MS). */
  throttleMs?: number;
  /** Page whose pagehide / visibilitychange flush pending writes (default: the window, if any). */
  page?: Window | null;
};

const LOCAL_USER_ID = 'local';

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';

/**
 * Builds the cook-app's store: one persistReducer at the top (no nested persist configs) over the
 * record slices, persisted to IndexedDB through localforage as structured data, version 15 with the
 * migration chain of persist.ts. The redux-persist traps it avoids:
 * - no rehydrate timeout (timeout 0): a slow device waits for its data instead of starting empty and
 *   then overwriting IndexedDB with the empty state;
 * - actions dispatched before REHYDRATE are held and replayed after it (and operations wait for
 *   `rehydrated`), so the stored state cannot overwrite them;
 * - a failed read or migration holds back all writes, so that it cannot erase the stored data;
 * - serialize/deserialize false: no JSON round trip, localforage stores the object itself.
 * After rehydration it seeds (idempotently), then resolves `rehydrated`.
 */
export function createCookStore(options: CookStoreOptions = {}) {
  const clock = options.clock ?? (() => Date.now());
  const nowIso = () => new Date(clock()).toISOString();
  const newId = options.newId ?? (() => crypto.randomUUID());
  const storage = guardStorage(options.storage ?? offlineStorage());
  const health: PersistHealth = { rehydrateError: null, writeError: null, migratedFrom: null };

  let markReady: () => void = () => {};
  const rehydrated = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const extra: CookExtra = {
    clock,
    newId,
    timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    appVersion: options.appVersion ?? cookAppVersion,
    userId: options.userId ?? (() => LOCAL_USER_ID),
    ready: rehydrated,
    persistence: {
      health,
      storedVersion: async () => {
        const stored: unknown = await storage.getItem(PERSISTED_ITEM_KEY);
        const version = (stored as { _persist?: { version?: unknown } } | null)?._persist?.version;
        return typeof version === 'number' ? version : null;
      },
      // Set once the persistor exists (below); nothing runs an operation before the store is made.
      flush: () => Promise.resolve(),
    },
  };

  const config: PersistConfig<CookState> & { deserialize: false } = {
    key: PERSIST_KEY,
    version: PERSIST_VERSION,
    storage,
    timeout: 0,
    throttle: options.throttleMs ?? PERSIST_THROTTLE_MS,
    serialize: false,
    deserialize: false,
    migrate: createCookMigrate(nowIso, (from) => {
      health.migratedFrom = from;
    }),
    stateReconciler: createReconciler(),
    writeFailHandler: (error) => {
      health.writeError = messageOf(error);
    },
  };
  const reducer = persistReducer(config, rootReducer as Reducer<CookState>) as Reducer<CookRootState>;

  // Holds every action that reaches the reducers before the stored state does, then replays it.
  const held: UnknownAction[] = [];
  let open = false;
  const holdUntilRehydrated: Middleware<object, CookRootState, CookDispatch> =
    (api) => (next) => (action) => {
      if (open || !isAction(action)) return next(action);
      if (action.type === REHYDRATE && (action as { key?: string }).key === PERSIST_KEY) {
        const error = (action as { err?: unknown }).err;
        if (error) {
          health.rehydrateError = messageOf(error);
          storage.holdWrites();
        }
        const result = next(action);
        open = true;
        afterRehydrate(api.getState(), api.dispatch);
        for (const early of held.splice(0)) api.dispatch(early);
        markReady();
        return result;
      }
      if (action.type.startsWith('persist/')) return next(action);
      held.push(action);
      return action;
    };

  // The active runs follow their plan: after any change to a plan's inputs (a cook-off's date or walk time,
  // its attachments and overrides, a template's turn-in, a template's steps) they are re-planned at once.
  const replanOnPlanChange: Middleware<object, CookRootState, CookDispatch> = (api) => (next) => (action) => {
    const result = next(action);
    // Changes from other devices are not re-planned here: the device where the plan changed re-plans
    // and its re-planned steps arrive with them (two devices re-planning would make two sets of steps).
    if (
      changesApplied.match(action) &&
      action.payload.op !== SYNC_PULL_OP &&
      touchesPlanInputs(action.payload)
    ) {
      const env = { now: nowIso(), newId, timeZone: extra.timeZone };
      const replan = replanActiveRuns(api.getState(), env);
      if (!isEmptyChangeSet(replan)) api.dispatch(changesApplied(replan));
    }
    return result;
  };

  function afterRehydrate(state: CookRootState, dispatch: CookDispatch) {
    const now = nowIso();
    const meta: Partial<AppMetaState> = {};
    if (health.migratedFrom !== null)
      Object.assign(meta, { migratedFrom: health.migratedFrom, migratedAt: now });
    if (!state.appMeta.seededAt) meta.seededAt = now;
    const { changes } = planSeed(selectSeedInput(state), { now, newId });
    const startup = { ...changes, op: 'startup', meta };
    if (!isEmptyChangeSet(startup)) dispatch(changesApplied(startup));
  }

  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(holdUntilRehydrated, replanOnPlanChange),
  });
  const persistor = persistStore(store);

  /** Writes every pending change now; resolves when IndexedDB has it. */
  const flush = () => persistor.flush().then(() => undefined);
  extra.persistence.flush = flush;

  const page = options.page === undefined ? (typeof window === 'undefined' ? null : window) : options.page;
  const onPageHide = () => void flush();
  const onVisibilityChange = () => {
    if (page?.document.visibilityState === 'hidden') void flush();
  };
  page?.addEventListener('pagehide', onPageHide);
  page?.document.addEventListener('visibilitychange', onVisibilityChange);

  return {
    store,
    persistor,
    flush,
    /** Resolves once the stored state is loaded, migrated and seeded. */
    rehydrated,
    /** What went wrong loading or saving, if anything (diagnostics read it too). */
    health,
    /** Removes the page listeners and pauses persistence. */
    dispose: () => {
      page?.removeEventListener('pagehide', onPageHide);
      page?.document.removeEventListener('visibilitychange', onVisibilityChange);
      persistor.pause();
    },
  };
}

export type CookStoreBundle = ReturnType<typeof createCookStore>;
export type CookStore = CookStoreBundle['store'];
