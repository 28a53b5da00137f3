// The device's sync engine (docs/sync.md): keeps the replica of contracts/sync beside the store, turns
// every change of the store into mutations (by comparing snapshots: the store needs no hook), pushes
// them, pulls what changed elsewhere when the live stream pokes, and writes pulled records into the
// store. Offline it keeps the mutations in order; when the network returns it sends them and catches up.
import { API_ERROR_CODES, isApiError, type ApiClient } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { SYNC_EVENTS, SYNC_LIMITS, SyncPullResponse, SyncPushResponse } from '@pitclock/contracts/schemas';
import {
  acknowledge,
  applyPull,
  createHlcClock,
  dropRejected,
  emptyReplica,
  latestStamp,
  pushRequest,
  recordKey,
  recordLocal,
  type HlcClock,
  type Mutation,
  type PullAnswer,
  type ReplicaState,
  type Scope,
  type SyncRecord,
} from '@pitclock/contracts/sync';
import { changesApplied, SYNC_PULL_OP, type ChangeSet } from '../../store/actions';
import { readEventStream } from './event-stream';
import {
  diffSnapshots,
  fieldsOf,
  snapshotFromSync,
  snapshotOf,
  SYNCED_STORES,
  type SyncedSnapshot,
  type SyncedStore,
} from './sync-mapping';
import { createStatusStore, initialSyncStatus, type StatusStore } from './sync-status';

/** Where the engine keeps its state: the account's offline database, beside the store's. */
export const SYNC_STATE_KEY = 'sync';

type StoredSync = { version: 1; clientId: string; lastHlc: string | null; replica: ReplicaState };

export type SyncStorage = {
  getItem(key: string): Promise<unknown>;
  setItem(key: string, value: unknown): Promise<unknown>;
};

type SyncedStore$ = {
  getState(): SyncedSnapshot;
  dispatch(action: ReturnType<typeof changesApplied>): unknown;
  subscribe(listener: () => void): () => void;
};

export type SyncEngineDeps = {
  store: SyncedStore$;
  /** Writes the store's pending changes to IndexedDB (before the engine writes its own state). */
  flushStore: () => Promise<void>;
  account: string;
  client: ApiClient;
  storage: SyncStorage;
  now?: () => number;
  newId?: () => string;
  /** Where 'online' is announced (default the window). */
  page?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Waits between attempts while the server cannot be reached (the last one repeats). */
  retryDelaysMs?: readonly number[];
  /** How long a local change waits for others to join its push. */
  pushDelayMs?: number;
  /** Where the engine reports its status (default a store of its own). */
  status?: StatusStore;
};

const DEFAULT_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
const REQUEST_TIMEOUT_MS = 30_000;

const isStoredSync = (value: unknown): value is StoredSync =>
  typeof value === 'object' &&
  value !== null &&
  (value as StoredSync).version === 1 &&
  typeof (value as StoredSync).clientId === 'string' &&
  typeof (value as StoredSync).replica === 'object';

const storeIdKey = (store: string, id: string) => `${store}|${id}`;

/** Whether the server is out of reach (or busy) rather than refusing: worth trying again later. */
const isTransient = (error: unknown) =>
  !isApiError(error) ||
  error.kind !== 'http' ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

export function createSyncEngine(deps: SyncEngineDeps) {
  const { store, account, client, storage } = deps;
  const now = deps.now ?? (() => Date.now());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const page = deps.page === undefined ? (typeof window === 'undefined' ? null : window) : deps.page;
  const retryDelays = deps.retryDelaysMs ?? DEFAULT_RETRY_MS;
  const pushDelayMs = deps.pushDelayMs ?? 20;
  const status = deps.status ?? createStatusStore();
  status.set(initialSyncStatus);

  let replica: ReplicaState = emptyReplica('unset');
  let clock: HlcClock = createHlcClock('unset', now);
  let lastSeen: SyncedSnapshot | null = null;
  let running = false;
  let applyingRemote = false;
  /** Pushes failed in a row (their retries wait longer each time). */
  let failures = 0;
  const abort = new AbortController();
  let unsubscribe: () => void = () => {};
  /** The pauses in progress (a push waiting to retry, the stream waiting to reconnect): 'online' ends them. */
  const waiting = new Set<() => void>();

  const nowIso = () => new Date(now()).toISOString();
  const report = (patch: Parameters<typeof status.set>[0]) =>
    status.set({ unsynced: replica.outbox.length, ...patch });

  // Persisting: the engine's state after the store's (a pulled change is in the store before the replica
  // says it was pulled, so that a crash in between cannot make start-up read it as deleted here).
  let saving: Promise<void> = Promise.resolve();
  const persist = () => {
    const snapshot: StoredSync = { version: 1, clientId: replica.clientId, lastHlc: clock.last(), replica };
    saving = saving
      .then(() => deps.flushStore())
      .then(() => storage.setItem(SYNC_STATE_KEY, snapshot).then(() => undefined));
    return saving.catch(() => undefined);
  };

  function record(mutations: Mutation[]) {
    if (mutations.length === 0) return;
    replica = recordLocal(replica, mutations);
    report({ phase: 'syncing' });
    void persist();
    schedulePush();
  }

  function onStoreChange() {
    if (!running || lastSeen === null) return;
    const current = snapshotOf(store.getState());
    if (SYNCED_STORES.every((name) => current[name] === lastSeen![name])) return;
    const previous = lastSeen;
    lastSeen = current;
    if (!applyingRemote) record(diffSnapshots(previous, current, account, () => clock.tick()));
  }

  /** The scopes a record may live in, as far as this device knows. */
  const knownScopes = (): Scope[] => [
    ...new Set<Scope>([`u:${account}`, ...(Object.keys(replica.cookie) as Scope[])]),
  ];

  /** Writes the records behind these store|id keys into the store as the replica now has them. */
  function applyToStore(keys: Set<string>) {
    if (keys.size === 0) return;
    const scopes = knownScopes();
    const state = store.getState();
    const changes: Required<Pick<ChangeSet, 'set' | 'remove'>> = { set: {}, remove: {} };
    const stamp = nowIso();
    for (const key of keys) {
      const [store$, id] = key.split('|') as [SyncedStore, string];
      const candidates = scopes
        .map((scope) => replica.records[recordKey({ scope, store: store$, id })])
        .filter((r): r is SyncRecord => r !== undefined);
      const live = snapshotFromSync(candidates, stamp)[store$].entities[id];
      const held = state[store$].entities[id];
      if (live) {
        if (held && JSON.stringify(fieldsOf(held)) === JSON.stringify(fieldsOf(live))) continue;
        ((changes.set[store$] ??= []) as object[]).push(live);
      } else if (held) (changes.remove[store$] ??= []).push(id);
    }
    if (Object.keys(changes.set).length === 0 && Object.keys(changes.remove).length === 0) return;
    applyingRemote = true;
    try {
      store.dispatch(changesApplied({ op: SYNC_PULL_OP, ...changes }));
    } finally {
      applyingRemote = false;
      lastSeen = snapshotOf(store.getState());
    }
  }

  // Pull: single flight; a poke while pulling pulls once more after.
  let pulling: Promise<void> | null = null;
  let pullAgain = false;
  function pullAll(): Promise<void> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = (async () => {
      do {
        pullAgain = false;
        await pullPages();
      } while (pullAgain && running);
    })().finally(() => {
      pulling = null;
    });
    return pulling;
  }

  async function pullPages() {
    for (;;) {
      const answer: PullAnswer = await client.post(
        API_PATHS.syncPull,
        { clientId: replica.clientId, cookie: replica.cookie },
        { schema: SyncPullResponse, timeoutMs: REQUEST_TIMEOUT_MS, signal: abort.signal },
      );
      if (!running) return;
      const readable = new Set<string>(answer.scopes);
      const touched = new Set(answer.records.map((r) => storeIdKey(r.store, r.id)));
      for (const r of Object.values(replica.records))
        if (!readable.has(r.scope)) touched.add(storeIdKey(r.store, r.id));
      replica = applyPull(replica, answer);
      for (const r of answer.records) {
        const latest = latestStamp(r);
        if (latest) clock.receive(latest);
      }
      applyToStore(touched);
      await persist();
      report({ phase: replica.outbox.length > 0 ? 'syncing' : 'synced', lastSyncedAt: now() });
      if (!answer.more) return;
    }
  }

  // Push: one at a time, oldest first, batched; a failure waits and tries again.
  let pushTimer: ReturnType<typeof setTimeout> | undefined;
  let pushing = false;
  function schedulePush(delay = pushDelayMs) {
    if (!running || pushing) return;
    clearTimeout(pushTimer);
    pushTimer = setTimeout(() => void pushAll(), delay);
  }

  async function pushAll() {
    if (pushing) return;
    pushing = true;
    let again = false;
    try {
      while (running && replica.outbox.length > 0) {
        const body = pushRequest(replica, SYNC_LIMITS.mutationsPerPush, SYNC_LIMITS.pushBytes);
        const { lastMutationId } = await client.post(API_PATHS.syncPush, body, {
          schema: SyncPushResponse,
          timeoutMs: REQUEST_TIMEOUT_MS,
          signal: abort.signal,
        });
        const first = body.mutations[0]!.mid;
        replica =
          lastMutationId < first - 1
            ? renumber(replica, lastMutationId + 1)
            : acknowledge(replica, lastMutationId);
        failures = 0;
        await persist();
        report({ phase: replica.outbox.length > 0 ? 'syncing' : 'synced', lastSyncedAt: now() });
      }
    } catch (error) {
      again = await onPushFailed(error);
    } finally {
      pushing = false;
    }
    if (again) schedulePush(0);
  }

  /** After a failed push: drops what the server refused for good, or waits; answers whether to push again. */
  async function onPushFailed(error: unknown): Promise<boolean> {
    if (!running) return false;
    if (isApiError(error) && error.code === API_ERROR_CODES.syncScopeForbidden) {
      const mids = (error.body as { details?: { mids?: unknown } } | undefined)?.details?.mids;
      replica = dropRejected(
        replica,
        Array.isArray(mids) ? mids.filter((m): m is number => typeof m === 'number') : [],
      );
      await persist();
      await pullAll().catch(() => undefined);
      return true;
    }
    report({ phase: isTransient(error) ? 'offline' : 'failed' });
    await pause(retryDelays[Math.min(failures++, retryDelays.length - 1)]!);
    return running;
  }

  /** Waits this long, or until the network returns or the engine stops. */
  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      }
      waiting.add(done);
      abort.signal.addEventListener('abort', done, { once: true });
    });
  }

  /** The live stream: every 'ready' (after each connect) and 'poke' pulls. Reconnects after a drop. */
  async function runLive() {
    let attempt = 0;
    while (running) {
      try {
        const response = await client.open(API_PATHS.syncEvents, { signal: abort.signal });
        if (!response.body) throw new Error('The event stream has no body');
        attempt = 0;
        failures = 0;
        await readEventStream(response.body, (event) => {
          if (event.event === SYNC_EVENTS.ready) report({ live: true });
          if (event.event === SYNC_EVENTS.ready || event.event === SYNC_EVENTS.poke)
            pullAll().catch(onPullFailed);
        });
      } catch (error) {
        if (!running) return;
        if (isApiError(error) && !isTransient(error)) report({ phase: 'failed' });
      }
      report({ live: false });
      if (!running) return;
      await pause(retryDelays[Math.min(attempt++, retryDelays.length - 1)]!);
    }
  }

  /** A pull that failed is tried again after a while (or when the network returns), once at a time. */
  let pullRetry = false;
  function onPullFailed(error: unknown) {
    if (!running) return;
    report({ phase: isTransient(error) ? 'offline' : 'failed' });
    if (pullRetry) return;
    pullRetry = true;
    void pause(retryDelays[Math.min(failures, retryDelays.length - 1)]!).then(() => {
      pullRetry = false;
      if (running) pullAll().catch(onPullFailed);
    });
  }

  const onOnline = () => {
    for (const done of [...waiting]) done();
    schedulePush(0);
  };

  return {
    status,
    /** Loads the engine's state, sends what changed while it was not running, and goes live. */
    async start() {
      const stored = await storage.getItem(SYNC_STATE_KEY).catch(() => null);
      const clientId = isStoredSync(stored) ? stored.clientId : newId();
      replica = isStoredSync(stored) ? stored.replica : emptyReplica(clientId);
      clock = createHlcClock(clientId, now, isStoredSync(stored) ? stored.lastHlc : null);
      running = true;
      const current = snapshotOf(store.getState());
      const known = snapshotFromSync(Object.values(replica.records), nowIso());
      lastSeen = current;
      record(diffSnapshots(known, current, account, () => clock.tick()));
      report({ phase: replica.outbox.length > 0 ? 'syncing' : 'starting' });
      unsubscribe = store.subscribe(onStoreChange);
      page?.addEventListener('online', onOnline);
      schedulePush(0);
      void runLive();
    },
    /** Pulls now (tests, and a manual "Sync now"). */
    pull: () => pullAll(),
    /** Stops: no more requests; what is queued stays stored for the next start. */
    async stop() {
      running = false;
      clearTimeout(pushTimer);
      abort.abort();
      unsubscribe();
      page?.removeEventListener('online', onOnline);
      report({ phase: 'stopped', live: false });
      await persist();
    },
  };
}

/** The server has fewer of this device's mutations than it should (its data was restored): number again from `from`. */
function renumber(state: ReplicaState, from: number): ReplicaState {
  const outbox = state.outbox.map((m, index) => ({ ...m, mid: from + index }));
  return { ...state, outbox, nextMid: from + outbox.length };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
