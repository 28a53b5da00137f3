// The outbox of the notifier calls the app makes in the background (ARCHITECTURE.md "Notifications":
// a started run's schedule is queued while offline): persisted in localStorage, so a reload keeps it;
// sent in order, one at a time, while signed in and online. Each call has a key (one run's schedule, the
// device's subscription): a newer call replaces an older unsent one with the same key in its place, so
// order across keys is kept and only the latest state of each is sent.
// Network failures, 408, 429 and 5xx are retried with exponential backoff (1 s doubling to 5 min, jittered;
// a 429's retry_after_seconds wins) and hold the calls behind them; the 'online' event and start() retry
// at once. Other 4xx cannot succeed and are dropped with a warning. A 401 the client could not refresh
// (signed out) keeps the call for after sign-in.
// The outbox belongs to an account (its calls are kept under accountStorageKey(id, 'pitclock_push_outbox')
// and sent only while that account is signed in): a schedule queued by one account is never sent with
// another's token. The page's outbox (getPushOutbox) follows the signed-in account.
import { accountStorageKey } from '@pitclock/contracts/offline-db';
import {
  accountIdOf,
  api,
  isApiError,
  session as pageSession,
  type ApiClient,
  type SessionStore,
  type StorageLike,
} from '@pitclock/contracts';

/**
 * localStorage key of the outbox (JSON { entries: OutboxEntry[] }) before it is made the account's by
 * outboxStorageKey; unsuffixed, it is the legacy key the first account to sign in claims.
 */
export const OUTBOX_STORAGE_KEY = 'pitclock_push_outbox';

/** Where one account's outbox is kept: 'PitClock-u7:pitclock_push_outbox'. */
export function outboxStorageKey(accountId: string): string {
  return accountStorageKey(accountId, OUTBOX_STORAGE_KEY);
}
export const OUTBOX_FIRST_RETRY_MS = 1_000;
export const OUTBOX_MAX_RETRY_MS = 5 * 60_000;
/** A call not answered after this long counts as a network failure (and so does not block the queue). */
export const OUTBOX_CALL_TIMEOUT_MS = 30_000;

export type OutboxMethod = 'POST' | 'PUT' | 'DELETE';
export type OutboxCall = { key: string; method: OutboxMethod; path: string; body?: unknown };
export type OutboxEntry = OutboxCall & {
  id: string;
  /** Failed tries so far. */
  attempts: number;
  /** Not sent before this instant (epoch ms; 0: at once). */
  notBefore: number;
};

export type OutboxTimers = {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type OutboxDeps = {
  /** Default the app's `api`. */
  client?: ApiClient;
  /** Whose token decides "signed in" (default the app's session). */
  session?: SessionStore;
  /**
   * The account the outbox belongs to: its calls are kept under outboxStorageKey(accountId) and sent
   * only while the session's token is that account's. Without it: the unsuffixed key, and any token.
   */
  accountId?: string;
  /** Where the entries are kept (default localStorage; null: memory only). */
  storage?: StorageLike | null;
  timers?: OutboxTimers;
  /** Jitter source in [0, 1) (default Math.random). */
  random?: () => number;
  /** Whether the browser thinks it is online (default navigator.onLine). */
  isOnline?: () => boolean;
  /** Where 'online' is announced (default window; null: nowhere). */
  events?: EventTarget | null;
  /** Where a dropped call is reported (default console.warn). */
  warn?: (message: string, details: unknown) => void;
  newId?: () => string;
};

export type Outbox = {
  /** Queues a call (replacing an unsent one with the same key) and sends when it can. */
  enqueue(call: OutboxCall): void;
  /** Removes the unsent calls with this key. */
  discard(key: string): void;
  /** Sends what is due now; resolves when the queue is empty or waiting (backoff, offline, signed out). */
  flush(): Promise<void>;
  /** Forgets the backoff and sends at once. */
  retryNow(): Promise<void>;
  /** Flushes now, and again on 'online' and on sign-in; returns the stop function. */
  start(): () => void;
  /** The queued calls, in order. */
  entries(): readonly OutboxEntry[];
  /** Resolves once no send is in progress. */
  idle(): Promise<void>;
};

export type SendVerdict =
  | { kind: 'done' }
  | { kind: 'retry'; afterMs?: number }
  | { kind: 'drop'; status: number; message: string }
  | { kind: 'signed-out' };

/** Backoff before try `attempts + 1`: 1 s doubling up to 5 min, jittered into its upper half. */
export function backoffMs(attempts: number, random: () => number): number {
  const ceiling = Math.min(OUTBOX_MAX_RETRY_MS, OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(1, Math.max(0, random())));
}

/** The retry_after_seconds our services put in a 429's details (the client does not expose headers). */
function retryAfterMs(body: unknown): number | undefined {
  const details = typeof body === 'object' && body !== null ? (body as { details?: unknown }).details : null;
  const seconds =
    typeof details === 'object' && details !== null
      ? (details as { retry_after_seconds?: unknown }).retry_after_seconds
      : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** What a failed call means for its entry. `signedIn`: whether a token is stored after the failure. */
export function verdictOf(failure: unknown, call: OutboxCall, signedIn: boolean): SendVerdict {
  if (!isApiError(failure)) return { kind: 'retry' };
  // The call went through; only its answer could not be read.
  if (failure.kind === 'invalid-response') return { kind: 'done' };
  if (failure.kind !== 'http') return { kind: 'retry' };
  const { status } = failure;
  if (status === 401) return signedIn ? { kind: 'retry' } : { kind: 'signed-out' };
  if (status === 429) return { kind: 'retry', afterMs: retryAfterMs(failure.body) };
  if (status === 408 || status >= 500) return { kind: 'retry' };
  // Deleting what the server does not have is done.
  if (status === 404 && call.method === 'DELETE') return { kind: 'done' };
  return { kind: 'drop', status, message: failure.message };
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const browserTimers: OutboxTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const METHODS: readonly string[] = ['POST', 'PUT', 'DELETE'];

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { id, key, method, path, attempts, notBefore } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof key === 'string' &&
    typeof method === 'string' &&
    METHODS.includes(method) &&
    typeof path === 'string' &&
    typeof attempts === 'number' &&
    typeof notBefore === 'number'
  );
}

/** The stored entries (unreadable ones left out); [] when there are none or storage cannot be read. */
export function readOutbox(storage: StorageLike | null, key: string = OUTBOX_STORAGE_KEY): OutboxEntry[] {
  try {
    const text = storage?.getItem(key);
    if (!text) return [];
    const entries = (JSON.parse(text) as { entries?: unknown }).entries;
    return Array.isArray(entries) ? entries.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function writeOutbox(storage: StorageLike | null, key: string, entries: readonly OutboxEntry[]): void {
  try {
    if (entries.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify({ entries }));
  } catch {
    // Full or blocked storage: the calls are still sent from memory, only a reload would lose them.
  }
}

export function createOutbox(deps: OutboxDeps = {}): Outbox {
  const client = deps.client ?? api;
  const session = deps.session ?? pageSession;
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  const timers = deps.timers ?? browserTimers;
  const random = deps.random ?? Math.random;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const events = deps.events === undefined ? (typeof window === 'undefined' ? null : window) : deps.events;
  const warn = deps.warn ?? ((message, details) => console.warn(message, details));
  const newId =
    deps.newId ??
    (() =>
      globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${random().toString(36).slice(2)}`);

  const { accountId } = deps;
  const storageKey = accountId === undefined ? OUTBOX_STORAGE_KEY : outboxStorageKey(accountId);
  const signedIn = () => {
    const token = session.getToken();
    return accountId === undefined ? token !== null : accountIdOf(token) === accountId;
  };

  let queue: OutboxEntry[] = readOutbox(storage, storageKey);
  let sendingId: string | null = null;
  let timer: unknown = null;
  let timerAt = 0;
  let draining: Promise<void> | null = null;
  let drainAgain = false;

  const save = () => writeOutbox(storage, storageKey, queue);
  const remove = (id: string) => {
    queue = queue.filter((entry) => entry.id !== id);
  };
  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const wakeAt = (at: number) => {
    if (timer !== null && timerAt === at) return;
    clearTimer();
    timerAt = at;
    timer = timers.setTimeout(() => {
      timer = null;
      void flush();
    }, at - timers.now());
  };

  async function send(entry: OutboxEntry): Promise<SendVerdict> {
    try {
      await client.request(entry.path, {
        method: entry.method,
        body: entry.body,
        timeoutMs: OUTBOX_CALL_TIMEOUT_MS,
      });
      return { kind: 'done' };
    } catch (failure) {
      return verdictOf(failure, entry, signedIn());
    }
  }

  function settle(entry: OutboxEntry, verdict: SendVerdict): void {
    if (verdict.kind === 'signed-out') return;
    const superseded = queue.some((other) => other.key === entry.key && other.id !== entry.id);
    if (verdict.kind === 'drop') {
      warn('PitClock: the server refused a queued push call; it is dropped', {
        method: entry.method,
        path: entry.path,
        status: verdict.status,
        message: verdict.message,
      });
    }
    if (verdict.kind !== 'retry' || superseded) {
      remove(entry.id);
    } else {
      const attempts = entry.attempts + 1;
      const delay = verdict.afterMs ?? backoffMs(attempts, random);
      queue = queue.map((e) => (e.id === entry.id ? { ...e, attempts, notBefore: timers.now() + delay } : e));
    }
    save();
  }

  /** Sends from the head until the queue is empty or must wait. */
  async function drain(): Promise<void> {
    for (;;) {
      const head = queue[0];
      // Empty, signed out (or another account in) or offline: enqueue, session.subscribe and 'online'
      // start it again.
      if (!head || !signedIn() || !isOnline()) return clearTimer();
      if (head.notBefore > timers.now()) return wakeAt(head.notBefore);
      clearTimer();
      sendingId = head.id;
      const verdict = await send(head);
      sendingId = null;
      settle(head, verdict);
      if (verdict.kind === 'signed-out') return;
    }
  }

  function flush(): Promise<void> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    draining = (async () => {
      do {
        drainAgain = false;
        await drain();
      } while (drainAgain);
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  function retryNow(): Promise<void> {
    queue = queue.map((entry) => (entry.notBefore === 0 ? entry : { ...entry, notBefore: 0 }));
    save();
    return flush();
  }

  return {
    enqueue(call) {
      const index = queue.findIndex((entry) => entry.key === call.key && entry.id !== sendingId);
      const replaced = queue[index];
      // The replaced call's backoff carries over: a change made during an outage does not hammer the server.
      const entry: OutboxEntry = {
        ...call,
        id: newId(),
        attempts: replaced?.attempts ?? 0,
        notBefore: replaced?.notBefore ?? 0,
      };
      queue = replaced ? queue.map((e, i) => (i === index ? entry : e)) : [...queue, entry];
      save();
      void flush();
    },
    discard(key) {
      queue = queue.filter((entry) => entry.key !== key || entry.id === sendingId);
      save();
    },
    flush,
    retryNow,
    start() {
      let wasSignedIn = signedIn();
      const onOnline = () => void retryNow();
      const stopSession = session.subscribe(() => {
        const now = signedIn();
        if (now && !wasSignedIn) void retryNow();
        wasSignedIn = now;
      });
      events?.addEventListener('online', onOnline);
      void retryNow();
      return () => {
        stopSession();
        events?.removeEventListener('online', onOnline);
        clearTimer();
      };
    },
    entries: () => queue,
    async idle() {
      while (draining) await draining;
    },
  };
}

/** Where calls go while no account is signed in: nowhere (the cook screens are closed then). */
const NO_ACCOUNT_OUTBOX: Outbox = {
  enqueue: () => undefined,
  discard: () => undefined,
  flush: () => Promise.resolve(),
  retryNow: () => Promise.resolve(),
  start: () => () => undefined,
  entries: () => [],
  idle: () => Promise.resolve(),
};

/**
 * The outbox of whichever account is signed in (one createOutbox per account, on its own key): calls go
 * to the signed-in account's queue, and start() runs that queue alone, switching when the account
 * changes; the queue of an account that left stays stored for its next sign-in.
 */
export function createAccountOutbox(deps: Omit<OutboxDeps, 'accountId'> = {}): Outbox {
  const session = deps.session ?? pageSession;
  const outboxes = new Map<string, Outbox>();
  const outboxOf = (accountId: string | null): Outbox => {
    if (accountId === null) return NO_ACCOUNT_OUTBOX;
    let outbox = outboxes.get(accountId);
    if (!outbox) {
      outbox = createOutbox({ ...deps, accountId });
      outboxes.set(accountId, outbox);
    }
    return outbox;
  };
  const current = () => outboxOf(accountIdOf(session.getToken()));

  return {
    enqueue: (call) => current().enqueue(call),
    discard: (key) => current().discard(key),
    flush: () => current().flush(),
    retryNow: () => current().retryNow(),
    entries: () => current().entries(),
    async idle() {
      await Promise.all([...outboxes.values()].map((outbox) => outbox.idle()));
    },
    start() {
      let running: { accountId: string | null; stop: () => void } | null = null;
      const follow = () => {
        const accountId = accountIdOf(session.getToken());
        if (running?.accountId === accountId) return;
        running?.stop();
        // Read again from storage at the account's next sign-in (its data may have been removed since).
        if (running?.accountId) outboxes.delete(running.accountId);
        running = { accountId, stop: outboxOf(accountId).start() };
      };
      follow();
      const stopSession = session.subscribe(follow);
      return () => {
        stopSession();
        running?.stop();
        running = null;
      };
    },
  };
}

let pageOutbox: Outbox | undefined;
/** The page's outbox, of the signed-in account (one per page: two would send the same stored calls twice). */
export function getPushOutbox(): Outbox {
  pageOutbox ??= createAccountOutbox();
  return pageOutbox;
}
