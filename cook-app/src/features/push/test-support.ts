// Test helpers of push. jsdom has no service worker and no PushManager: fakePushManager stands in for
// the browser's (the real one is exercised in Chromium by the e2e). Everything HTTP goes through the
// real API client to the contracts' real local server.
import { vi } from 'vitest';
import {
  createApiClient,
  createMemoryStorage,
  createSessionStore,
  type ApiClient,
  type SessionStore,
  type StorageLike,
} from '@pitclock/contracts';
import { makeJwt, type TestServer } from '@pitclock/contracts/testing';
import { createOutbox, type OutboxDeps, type OutboxTimers } from './outbox';
import type { PushBrowser, PushManagerLike, PushSubscriptionLike } from './push-browser';

export {
  pointApiAtClosedPort,
  startApi,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '../../lib/license-gate.test-support';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytesOf = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 256);

/** A VAPID public key as the notifier serves it: an uncompressed P-256 point (65 bytes), base64url. */
export const VAPID_PUBLIC_KEY = b64url(Uint8Array.from([4, ...bytesOf(64, 7)]));
export const OTHER_VAPID_KEY = b64url(Uint8Array.from([4, ...bytesOf(64, 99)]));
/** The signed-in user of these tests (the token's sub). */
export const USER_TOKEN = makeJwt({ sub: '7' });

export type FakeSubscription = PushSubscriptionLike & { unsubscribed: boolean };

let endpoints = 0;

/** A subscription as a browser makes it: an https endpoint of a push service and the two keys. */
export function fakeSubscription(key: Uint8Array, manager?: FakePushManager): FakeSubscription {
  endpoints += 1;
  const endpoint = `https://fcm.googleapis.com/fcm/send/device-${endpoints}`;
  const keys = {
    p256dh: b64url(Uint8Array.from([4, ...bytesOf(64, endpoints)])),
    auth: b64url(bytesOf(16, endpoints)),
  };
  const subscription: FakeSubscription = {
    endpoint,
    options: { applicationServerKey: Uint8Array.from(key).buffer },
    unsubscribed: false,
    toJSON: () => ({ endpoint, expirationTime: null, keys }) as ReturnType<PushSubscriptionLike['toJSON']>,
    unsubscribe: async () => {
      subscription.unsubscribed = true;
      if (manager?.current === subscription) manager.current = null;
      return true;
    },
  };
  return subscription;
}

export type FakePushManager = PushManagerLike & {
  current: FakeSubscription | null;
  subscribeCalls: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[];
  /** Makes the next subscribe() fail with this error. */
  failNextSubscribe: Error | null;
};

/** The PushManager of a service worker registration, in memory. */
export function fakePushManager({ subscribedWith }: { subscribedWith?: string } = {}): FakePushManager {
  const manager: FakePushManager = {
    current: null,
    subscribeCalls: [],
    failNextSubscribe: null,
    getSubscription: async () => manager.current,
    subscribe: async (options) => {
      const key = new Uint8Array(options.applicationServerKey as Uint8Array);
      manager.subscribeCalls.push({ userVisibleOnly: options.userVisibleOnly, applicationServerKey: key });
      if (manager.failNextSubscribe) {
        const failure = manager.failNextSubscribe;
        manager.failNextSubscribe = null;
        throw failure;
      }
      manager.current = fakeSubscription(key, manager);
      return manager.current;
    },
  };
  if (subscribedWith) manager.current = fakeSubscription(Buffer.from(subscribedWith, 'base64url'), manager);
  return manager;
}

export type FakePushBrowser = PushBrowser & {
  /** Posts a message from the service worker to the page. */
  post(data: unknown): void;
};

/** The browser's push with `manager` (null: a browser without push). */
export function fakePushBrowser(manager: PushManagerLike | null): FakePushBrowser {
  const listeners = new Set<(data: unknown) => void>();
  return {
    pushManager: async () => manager,
    onMessage: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    post: (data) => listeners.forEach((listener) => listener(data)),
  };
}

/** A session in memory; signed in with USER_TOKEN unless `token` is null. */
export function memorySession(token: string | null = USER_TOKEN): SessionStore {
  const store = createSessionStore({
    local: createMemoryStorage(),
    session: createMemoryStorage(),
    userAgent: 'PitClock test agent',
    random: () => 0.5,
  });
  if (token !== null) store.setTokens({ token });
  return store;
}

/** The real client for `server` (or the global API base when none) with `session`; never leaves the page. */
export function testClient(session: SessionStore, server?: TestServer): ApiClient {
  return createApiClient({
    session,
    ...(server ? { base: `${server.url}/api` } : {}),
    onSessionExpired: () => {},
  });
}

export type ManualTimers = OutboxTimers & {
  /** The delays asked for, in order. */
  delays: number[];
  /** Whether a timer is waiting. */
  waiting(): boolean;
  /** Moves the clock to the waiting timer's time and runs it. */
  fire(): void;
};

/** Timers the test runs by hand (the clock starts at `start` and moves only when a timer fires). */
export function manualTimers(start = Date.parse('2026-06-01T15:00:00.000Z')): ManualTimers {
  let now = start;
  let next: { at: number; callback: () => void; id: number } | null = null;
  let ids = 0;
  const timers: ManualTimers = {
    delays: [],
    now: () => now,
    setTimeout: (callback, ms) => {
      timers.delays.push(ms);
      ids += 1;
      next = { at: now + ms, callback, id: ids };
      return ids;
    },
    clearTimeout: (handle) => {
      if (next?.id === handle) next = null;
    },
    waiting: () => next !== null,
    fire: () => {
      const due = next;
      if (!due) throw new Error('no timer is waiting');
      next = null;
      now = Math.max(now, due.at);
      due.callback();
    },
  };
  return timers;
}

/** An outbox on its own storage, session, clock and events; jitter off (random 1: the full delay). */
export function testOutbox(
  overrides: Omit<OutboxDeps, 'storage'> & {
    session: SessionStore;
    client: ApiClient;
    storage?: StorageLike;
  },
) {
  const storage = overrides.storage ?? createMemoryStorage();
  const timers = (overrides.timers as ManualTimers | undefined) ?? manualTimers();
  const events = new EventTarget();
  const warn = vi.fn();
  const outbox = createOutbox({
    random: () => 1,
    isOnline: () => true,
    events,
    warn,
    ...overrides,
    storage,
    timers,
  });
  return { outbox, storage, timers, events, warn };
}
