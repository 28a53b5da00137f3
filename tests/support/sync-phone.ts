// A phone's side of sync in Node, for the benchmarks and fault tests: contracts' replica (the same
// pure code the cook-app's engine runs) over fetch, with the live stream read by eventsource-parser.
import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  acknowledge,
  applyPull,
  createHlcClock,
  emptyReplica,
  liveRecords,
  pushRequest,
  recordLocal,
  type Fields,
  type PullAnswer,
  type ReplicaState,
  type Scope,
  type SyncRecord,
  type SyncStore,
} from '@pitclock/contracts/sync';
import { createParser } from 'eventsource-parser';

export type SyncPhoneOptions = {
  baseUrl: string;
  token: string;
  /** The account's user id (its own scope is u:<id>). */
  account: string | number;
  clientId: string;
  now?: () => number;
};

export type SyncPhone = ReturnType<typeof createSyncPhone>;

export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`sync call answered ${status}: ${body.slice(0, 200)}`);
  }
}

export function createSyncPhone(options: SyncPhoneOptions) {
  const { baseUrl, token, clientId } = options;
  const now = options.now ?? Date.now;
  const clock = createHlcClock(clientId, now);
  let replica: ReplicaState = emptyReplica(clientId);
  let pulling: Promise<void> | null = null;
  let pullAgain = false;
  const pulledListeners = new Set<(records: SyncRecord[]) => void>();

  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new SyncHttpError(response.status, text);
    return JSON.parse(text) as T;
  }

  async function pullPages() {
    for (;;) {
      const answer = await call<PullAnswer>(API_PATHS.syncPull, { clientId, cookie: replica.cookie });
      replica = applyPull(replica, answer);
      for (const listener of pulledListeners) listener(answer.records);
      if (!answer.more) return;
    }
  }

  /** Pulls until nothing is left (one pull at a time; a call during one pulls once more after). */
  function pull(): Promise<void> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = (async () => {
      do {
        pullAgain = false;
        await pullPages();
      } while (pullAgain);
    })().finally(() => {
      pulling = null;
    });
    return pulling;
  }

  const ownScope = `u:${options.account}` as Scope;
  const phone = {
    clientId,
    ownScope,
    state: () => replica,
    records: () => liveRecords(replica),
    /** A change made on this phone (applied at once, queued for push). */
    change(store: SyncStore, id: string, set: Fields, scope: Scope = ownScope) {
      replica = recordLocal(replica, [{ scope, store, id, hlc: clock.tick(), set }]);
    },
    remove(store: SyncStore, id: string, scope: Scope = ownScope) {
      replica = recordLocal(replica, [{ scope, store, id, hlc: clock.tick(), delete: true }]);
    },
    /** Sends the whole outbox; resolves once the server has confirmed it. */
    async push(max = 500) {
      while (replica.outbox.length > 0) {
        const { lastMutationId } = await call<{ lastMutationId: number }>(
          API_PATHS.syncPush,
          pushRequest(replica, max),
        );
        replica = acknowledge(replica, lastMutationId);
      }
    },
    pull,
    /** Called with the records of every pull answer. */
    onPulled(listener: (records: SyncRecord[]) => void) {
      pulledListeners.add(listener);
      return () => pulledListeners.delete(listener);
    },
    /**
     * Opens the live stream: pulls on 'ready' and on every 'poke'. Resolves once 'ready' arrived; the
     * returned `closed` settles when the stream ends (the server went away) and `close` ends it.
     */
    async connect(onError: (error: unknown) => void = () => {}) {
      const abort = new AbortController();
      const response = await fetch(new URL(API_PATHS.syncEvents, baseUrl), {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) throw new SyncHttpError(response.status, await response.text());
      let markReady: () => void = () => {};
      const ready = new Promise<void>((resolve) => (markReady = resolve));
      const parser = createParser({
        onEvent: (event) => {
          if (event.event === 'ready') markReady();
          if (event.event === 'ready' || event.event === 'poke') pull().catch(onError);
        },
      });
      const decoder = new TextDecoder();
      const closed = (async () => {
        const reader = response.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          parser.feed(decoder.decode(value, { stream: true }));
        }
      })().catch((error: unknown) => {
        if (!abort.signal.aborted) throw error;
      });
      await ready;
      return { closed, close: () => abort.abort() };
    },
  };
  return phone;
}
