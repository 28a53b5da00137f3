// @vitest-environment node
// The service worker's pushes and notification clicks, run in Node against a stand-in
// ServiceWorkerGlobalScope: Workbox is mocked (routing and precaching are not under test here), IndexedDB
// is fake-indexeddb (its globals from fake-indexeddb/auto; a fresh indexedDB each test), the windows' answers travel on real MessageChannels, and the notifier is a real
// local HTTP server played as the worker's origin (the worker's own fetch, unmocked, calls it).
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import {
  IS_ALERTING_TIMEOUT_MS,
  PUSH_OVERDUE_WINDOW_MS,
  PUSH_TEST_BODY,
  PUSH_TEST_TAG,
  PUSH_TEST_TITLE,
  type PushPayload,
  type PushStepAlertData,
} from '@pitclock/contracts/push';
import { PENDING_DISMISSALS_DB, openExistingDatabase } from '@pitclock/contracts/indexed-db';
import { closedPortUrl, startTestServer } from './test/test-server';

vi.mock('workbox-core', () => ({ clientsClaim: vi.fn() }));
vi.mock('workbox-precaching', () => ({
  cleanupOutdatedCaches: vi.fn(),
  createHandlerBoundToURL: vi.fn(),
  precacheAndRoute: vi.fn(),
}));
vi.mock('workbox-routing', () => ({ NavigationRoute: class {}, registerRoute: vi.fn() }));
vi.mock('workbox-strategies', () => ({ CacheFirst: class {}, NetworkFirst: class {} }));
vi.mock('workbox-expiration', () => ({ ExpirationPlugin: class {} }));
vi.mock('workbox-cacheable-response', () => ({ CacheableResponsePlugin: class {} }));

const ORIGIN = 'https://pitclock.example';
const RUN_PATH = '/contests/c-1/runs/r-1/steps';
const DATA = { url: RUN_PATH, stepId: 's-1', runId: 'r-1', contestId: 'c-1' };

type FakeWindow = {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  focus: ReturnType<typeof vi.fn>;
  navigate?: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
};

function fakeWindow(url: string, { focused = false, visible = true, controlled = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focused,
    visibilityState: visible ? 'visible' : 'hidden',
    focus: vi.fn(async () => client),
    postMessage: vi.fn(),
  };
  // client.navigate rejects for a window this worker does not control.
  client.navigate = vi.fn(async () => {
    if (!controlled) throw new TypeError('not controlled');
    return client;
  });
  return client;
}

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener[]>();
let windows: FakeWindow[] = [];
const openWindow = vi.fn(async () => null);

const showNotification = vi.fn(async (_title: string, _options?: object) => undefined);
const subscribe = vi.fn(async (_options: object) => ({ endpoint: 'https://push.example/new' }));

const scope = {
  __WB_MANIFEST: [],
  location: { origin: ORIGIN },
  clients: {
    matchAll: vi.fn(async () => windows),
    openWindow,
    claim: vi.fn(),
  },
  registration: { showNotification, pushManager: { subscribe } },
  skipWaiting: vi.fn(),
  addEventListener: (type: string, listener: Listener) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  },
};

/** Fires 'notificationclick' and waits for what the worker passed to waitUntil. */
async function click(action: string, data: unknown = DATA, tag = 'pitclock-step-alert') {
  const waits: Promise<unknown>[] = [];
  const notification = { tag, data, close: vi.fn() };
  for (const listener of listeners.get('notificationclick') ?? []) {
    listener({ action, notification, waitUntil: (p: Promise<unknown>) => waits.push(p) });
  }
  await Promise.all(waits);
  return { notification, waited: waits.length };
}

/** The recorded dismissals, oldest first ([] while the database does not exist). */
async function storedDismissals(): Promise<unknown[]> {
  const db = await openExistingDatabase(PENDING_DISMISSALS_DB.name);
  if (!db) return [];
  try {
    return await db.getAll(PENDING_DISMISSALS_DB.storeName);
  } finally {
    db.close();
  }
}

/** Fires 'push' with `payload` (JSON unless already a string; null: a push without data). */
function firePush(payload: unknown): Promise<unknown> {
  const waits: Promise<unknown>[] = [];
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const data = payload === null ? null : { text: () => text };
  for (const listener of listeners.get('push') ?? []) {
    listener({ data, waitUntil: (p: Promise<unknown>) => waits.push(p) });
  }
  return Promise.all(waits);
}

const PUSHED_DATA = { ...DATA, stage: 'due-now', dueAt: '', dismissToken: 'tok-1' } as const;

/** A step-alert push due a second ago, with `data` changed as given. */
function stepAlertPush(data: Partial<Record<keyof PushStepAlertData, unknown>> = {}): PushPayload {
  return {
    kind: 'step-alert',
    title: 'PitClock - Wrap',
    body: 'Due now · Brisket · due 17:00',
    tag: 'pitclock-step-alert',
    data: { ...PUSHED_DATA, dueAt: new Date(Date.now() - 1_000).toISOString(), ...data } as PushStepAlertData,
  };
}

/** The showNotification call expected for stepAlertPush's payload. */
function shownStepAlert(payload: PushPayload) {
  return [
    'PitClock - Wrap',
    {
      body: 'Due now · Brisket · due 17:00',
      tag: 'pitclock-step-alert',
      data: 'data' in payload ? payload.data : undefined,
      actions: [
        { action: 'view', title: 'View Contest' },
        { action: 'dismiss', title: 'Dismiss' },
      ],
      requireInteraction: true,
      renotify: true,
    },
  ];
}

const IS_ALERTING_QUESTION = { type: 'pitclock:is-alerting', stepId: 's-1', runId: 'r-1' };

/** The window answers the worker's question on the port it was given ({ alerting }), or never. */
function answering(client: FakeWindow, alerting: boolean | 'never'): FakeWindow {
  client.postMessage.mockImplementation((_message: unknown, transfer?: MessagePort[]) => {
    if (alerting !== 'never') transfer?.[0]?.postMessage({ alerting });
  });
  return client;
}

/** Lets the worker's pending promises and port messages run (setImmediate is never faked here). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  // A computed specifier: sw.ts is type-checked by tsconfig.sw.json (WebWorker lib), not with this file.
  const worker = './sw.ts';
  await import(/* @vite-ignore */ worker);
});

beforeEach(() => {
  windows = [];
  openWindow.mockClear();
  showNotification.mockClear();
  subscribe.mockClear();
  scope.location.origin = ORIGIN;
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notificationclick: View or a click on the body', () => {
  it('with no window open, closes the notification and opens the run in a new window', async () => {
    for (const action of ['view', '']) {
      openWindow.mockClear();
      const { notification } = await click(action);
      expect(notification.close).toHaveBeenCalledOnce();
      expect(openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}${RUN_PATH}`);
    }
  });

  it('focuses an open window of this origin (the focused one first) and navigates it to the run', async () => {
    const other = fakeWindow('https://elsewhere.example/contests');
    const hidden = fakeWindow(`${ORIGIN}/settings`, { visible: false });
    const focused = fakeWindow(`${ORIGIN}/contests`, { focused: true });
    windows = [other, hidden, focused];
    await click('view');
    expect(focused.focus).toHaveBeenCalledOnce();
    expect(focused.navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}${RUN_PATH}`);
    expect(hidden.focus).not.toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it("asks the page to navigate ({ type: 'pitclock:navigate', url }) when the window cannot be navigated", async () => {
    const uncontrolled = fakeWindow(`${ORIGIN}/contests`, { controlled: false });
    windows = [uncontrolled];
    await click('view', { ...DATA, url: `${RUN_PATH}?view=all` });
    expect(uncontrolled.postMessage).toHaveBeenCalledExactlyOnceWith({
      type: 'pitclock:navigate',
      url: `${RUN_PATH}?view=all`,
    });

    const noNavigate = fakeWindow(`${ORIGIN}/contests`);
    delete noNavigate.navigate;
    windows = [noNavigate];
    await click('');
    expect(noNavigate.postMessage).toHaveBeenCalledExactlyOnceWith({
      type: 'pitclock:navigate',
      url: RUN_PATH,
    });
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('never opens another origin: an absolute, protocol-relative, scheme or relative url opens the app root', async () => {
    const urls = [
      'https://evil.example/contests/c-1/steps',
      '//evil.example/contests',
      '/\\evil.example/contests',
      'javascript:alert(1)',
      'contests/c-1/steps',
      '',
    ];
    for (const url of urls) {
      openWindow.mockClear();
      await click('view', { ...DATA, url });
      expect(openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/`);
    }
  });

  it('opens the app root for data missing a field or with an extra type, and ignores other tags', async () => {
    const { stepId: _stepId, ...noStep } = DATA;
    await click('view', noStep);
    expect(openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/`);
    await click('view', { ...DATA, runId: 7 });
    expect(openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/`);

    openWindow.mockClear();
    const { notification, waited } = await click('view', DATA, 'someone-else');
    expect(notification.close).not.toHaveBeenCalled();
    expect(waited).toBe(0);
    expect(openWindow).not.toHaveBeenCalled();
  });
});

describe('notificationclick: Dismiss', () => {
  it('closes it, tells every open window of this origin and records { stepId, at } for the next start', async () => {
    const a = fakeWindow(`${ORIGIN}/contests`);
    const b = fakeWindow(`${ORIGIN}${RUN_PATH}`, { visible: false });
    const other = fakeWindow('https://elsewhere.example/');
    windows = [a, b, other];
    const before = Date.now();
    const { notification } = await click('dismiss');
    expect(notification.close).toHaveBeenCalledOnce();
    for (const client of [a, b]) {
      expect(client.postMessage).toHaveBeenCalledExactlyOnceWith({
        type: 'pitclock:dismiss-step',
        stepId: 's-1',
      });
      expect(client.focus).not.toHaveBeenCalled();
    }
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();

    const [stored, ...more] = (await storedDismissals()) as { stepId: string; at: string }[];
    expect(more).toEqual([]);
    expect(stored).toEqual({ stepId: 's-1', at: expect.any(String) });
    const at = stored?.at ?? '';
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
    expect(new Date(at).toISOString()).toBe(at);
  });

  it('with no window open records the dismissal, appending to earlier ones, and opens nothing', async () => {
    await click('dismiss');
    await click('dismiss', { ...DATA, stepId: 's-2' });
    expect((await storedDismissals()).map((r) => (r as { stepId: string }).stepId)).toEqual(['s-1', 's-2']);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('still tells the open windows when the dismissal cannot be recorded', async () => {
    const a = fakeWindow(`${ORIGIN}/contests`);
    windows = [a];
    const broken = {
      open: () => {
        throw new Error('IndexedDB unavailable');
      },
    };
    vi.stubGlobal('indexedDB', broken);
    await click('dismiss');
    expect(a.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'pitclock:dismiss-step', stepId: 's-1' });
  });

  it('closes a malformed alert without recording or telling anyone', async () => {
    const a = fakeWindow(`${ORIGIN}/contests`);
    windows = [a];
    const { notification } = await click('dismiss', { url: RUN_PATH });
    expect(notification.close).toHaveBeenCalledOnce();
    expect(a.postMessage).not.toHaveBeenCalled();
    expect(await storedDismissals()).toEqual([]);
  });
});

describe('push: a test push', () => {
  it('is shown with the test tag, its own title and body, without asking any window', async () => {
    const visible = answering(fakeWindow(`${ORIGIN}/about`, { focused: true }), true);
    windows = [visible];
    await firePush({ kind: 'test', title: PUSH_TEST_TITLE, body: PUSH_TEST_BODY, tag: PUSH_TEST_TAG });
    expect(showNotification).toHaveBeenCalledExactlyOnceWith(PUSH_TEST_TITLE, {
      body: PUSH_TEST_BODY,
      tag: PUSH_TEST_TAG,
    });
    expect(visible.postMessage).not.toHaveBeenCalled();
  });

  it('falls back to the test texts when the payload lacks them, and always uses the test tag', async () => {
    await firePush({ kind: 'test', tag: 'something-else' });
    expect(showNotification).toHaveBeenCalledExactlyOnceWith(PUSH_TEST_TITLE, {
      body: PUSH_TEST_BODY,
      tag: PUSH_TEST_TAG,
    });
  });
});

describe('push: a step alert', () => {
  it('with no window open is shown with the fixed tag, its data, View Contest and Dismiss, requiring interaction', async () => {
    const payload = stepAlertPush();
    await firePush(payload);
    expect(showNotification).toHaveBeenCalledExactlyOnceWith(...shownStepAlert(payload));
  });

  it('with only hidden or foreign windows asks none of them and is shown', async () => {
    const hidden = answering(fakeWindow(`${ORIGIN}${RUN_PATH}`, { visible: false }), true);
    const foreign = answering(fakeWindow('https://elsewhere.example/', { focused: true }), true);
    windows = [hidden, foreign];
    const payload = stepAlertPush();
    await firePush(payload);
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(foreign.postMessage).not.toHaveBeenCalled();
    expect(showNotification).toHaveBeenCalledExactlyOnceWith(...shownStepAlert(payload));
  });

  it('is not shown when a visible window answers that it already alerts the step', async () => {
    const visible = answering(fakeWindow(`${ORIGIN}/contests`), true);
    const hidden = answering(fakeWindow(`${ORIGIN}/settings`, { visible: false }), false);
    windows = [hidden, visible];
    await firePush(stepAlertPush());
    expect(visible.postMessage).toHaveBeenCalledExactlyOnceWith(IS_ALERTING_QUESTION, [
      expect.any(MessagePort),
    ]);
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('one window saying yes is enough, without waiting for a silent one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const silent = answering(fakeWindow(`${ORIGIN}/contests`), 'never');
    const alerting = answering(fakeWindow(`${ORIGIN}${RUN_PATH}`), true);
    windows = [silent, alerting];
    await firePush(stepAlertPush()); // resolves with no fake time passing
    expect(silent.postMessage).toHaveBeenCalledOnce();
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('is shown when every visible window answers that it is not alerting the step', async () => {
    const a = answering(fakeWindow(`${ORIGIN}/contests`, { focused: true }), false);
    const b = answering(fakeWindow(`${ORIGIN}/templates`), false);
    windows = [a, b];
    const payload = stepAlertPush();
    await firePush(payload);
    for (const client of [a, b]) {
      expect(client.postMessage).toHaveBeenCalledExactlyOnceWith(IS_ALERTING_QUESTION, [
        expect.any(MessagePort),
      ]);
    }
    expect(showNotification).toHaveBeenCalledExactlyOnceWith(...shownStepAlert(payload));
  });

  it(`is shown ${IS_ALERTING_TIMEOUT_MS} ms after asking when a visible window does not answer`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const silent = answering(fakeWindow(`${ORIGIN}/contests`), 'never');
    const saysNo = answering(fakeWindow(`${ORIGIN}/templates`), false);
    windows = [silent, saysNo];
    const payload = stepAlertPush();
    const done = firePush(payload);
    await settle();
    expect(silent.postMessage).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(IS_ALERTING_TIMEOUT_MS - 1);
    expect(showNotification).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(showNotification).toHaveBeenCalledExactlyOnceWith(...shownStepAlert(payload));
  });

  it('a window that cannot be posted to counts as not alerting', async () => {
    const broken = fakeWindow(`${ORIGIN}/contests`);
    broken.postMessage.mockImplementation(() => {
      throw new Error('DataCloneError');
    });
    windows = [broken];
    await firePush(stepAlertPush());
    expect(showNotification).toHaveBeenCalledOnce();
  });
});

describe('push: unusable payloads show nothing', () => {
  const unusable: [what: string, payload: unknown][] = [
    ['no data', null],
    ['not JSON', '{"kind": "step-alert",'],
    ['JSON null', 'null'],
    ['a JSON array', '[1, 2]'],
    ['an unknown kind', { kind: 'promo', title: 'PitClock - Sale', body: '50% off', tag: 'x' }],
    ['no kind', { title: 'PitClock - Wrap', body: 'Due now', tag: 'pitclock-step-alert' }],
    ['a step alert without data', { ...stepAlertPush(), data: undefined }],
    ['a step alert without a title', { ...stepAlertPush(), title: '' }],
    ['a step alert with a numeric body', { ...stepAlertPush(), body: 7 }],
    ['a step alert without a tag', { ...stepAlertPush(), tag: undefined }],
    ['another origin’s url', stepAlertPush({ url: 'https://evil.example/contests/c-1/runs/r-1/steps' })],
    ['a protocol-relative url', stepAlertPush({ url: '//evil.example/contests' })],
    ['a javascript: url', stepAlertPush({ url: 'javascript:alert(1)' })],
    ['a relative url', stepAlertPush({ url: 'contests/c-1/runs/r-1/steps' })],
    ['a missing step id', stepAlertPush({ stepId: undefined })],
    ['a numeric run id', stepAlertPush({ runId: 7 })],
    ['an unknown stage', stepAlertPush({ stage: 'later' })],
    ['an unreadable due time', stepAlertPush({ dueAt: 'soon' })],
    ['no dismiss token', stepAlertPush({ dismissToken: '' })],
    [
      'a step alert past the overdue window (held back by the push service)',
      stepAlertPush({ dueAt: new Date(Date.now() - PUSH_OVERDUE_WINDOW_MS - 1_000).toISOString() }),
    ],
  ];

  it.each(unusable)('%s', async (_what, payload) => {
    const visible = answering(fakeWindow(`${ORIGIN}/contests`), false);
    windows = [visible];
    await firePush(payload);
    expect(showNotification).not.toHaveBeenCalled();
    expect(visible.postMessage).not.toHaveBeenCalled();
  });

  it('an overdue reminder still within the overdue window is shown', async () => {
    const payload = stepAlertPush({
      stage: 'overdue',
      dueAt: new Date(Date.now() - PUSH_OVERDUE_WINDOW_MS + 10_000).toISOString(),
    });
    await firePush(payload);
    expect(showNotification).toHaveBeenCalledOnce();
    expect(showNotification.mock.calls[0]?.[1]).toMatchObject({ data: { stage: 'overdue' } });
  });
});

describe('notificationclick: Dismiss on a pushed step alert', () => {
  const pushedData = () => ({ ...PUSHED_DATA, dueAt: new Date().toISOString() });

  it('records the dismissal, tells the open windows and POSTs { token } to /api/push/dismiss without credentials', async () => {
    const server = await startTestServer(() => ({ status: 204 }));
    scope.location.origin = server.url;
    const a = fakeWindow(`${server.url}/contests`);
    windows = [a];
    const { notification } = await click('dismiss', pushedData());
    expect(notification.close).toHaveBeenCalledOnce();
    expect(a.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'pitclock:dismiss-step', stepId: 's-1' });
    expect(await storedDismissals()).toEqual([{ stepId: 's-1', at: expect.any(String) }]);
    expect(server.requests.map((r) => [r.method, r.path, r.json])).toEqual([
      ['POST', '/api/push/dismiss', { token: 'tok-1' }],
    ]);
    const [request] = server.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('the local dismissal does not wait for the notifier’s answer', async () => {
    let answer = () => {};
    const server = await startTestServer(
      () => new Promise((resolve) => (answer = () => resolve({ status: 204 }))),
    );
    scope.location.origin = server.url;
    const a = fakeWindow(`${server.url}/contests`);
    windows = [a];
    let finished = false;
    const clicked = click('dismiss', pushedData()).then(() => (finished = true));
    await vi.waitFor(async () => {
      expect(server.requests).toHaveLength(1);
      expect(a.postMessage).toHaveBeenCalledOnce();
      expect(await storedDismissals()).toHaveLength(1);
    });
    expect(finished).toBe(false); // the worker is kept alive until the notifier answers
    answer();
    await clicked;
  });

  it('offline (nothing listens): the dismissal is still recorded and told, and the click completes', async () => {
    const origin = await closedPortUrl();
    scope.location.origin = origin;
    const a = fakeWindow(`${origin}${RUN_PATH}`);
    windows = [a];
    await click('dismiss', pushedData());
    expect(a.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'pitclock:dismiss-step', stepId: 's-1' });
    expect(await storedDismissals()).toHaveLength(1);
  });

  it('the notifier failing (500) changes nothing locally', async () => {
    const server = await startTestServer(() => ({ status: 500, json: { error: 'internal' } }));
    scope.location.origin = server.url;
    await click('dismiss', pushedData());
    expect(server.on('/api/push/dismiss')).toHaveLength(1);
    expect(await storedDismissals()).toHaveLength(1);
  });

  it('an alert the app showed itself (no dismiss token) is dismissed without calling the notifier', async () => {
    const server = await startTestServer(() => ({ status: 204 }));
    scope.location.origin = server.url;
    await click('dismiss', DATA);
    expect(await storedDismissals()).toHaveLength(1);
    expect(server.requests).toEqual([]);
  });
});

describe('pushsubscriptionchange', () => {
  const key = new Uint8Array([4, 1, 2, 3]).buffer;

  /** Fires 'pushsubscriptionchange' and waits for what the worker passed to waitUntil. */
  async function fireSubscriptionChange(oldKey: ArrayBuffer | null, newSubscription: object | null) {
    const waits: Promise<unknown>[] = [];
    const oldSubscription = { options: { applicationServerKey: oldKey, userVisibleOnly: true } };
    for (const listener of listeners.get('pushsubscriptionchange') ?? []) {
      listener({ oldSubscription, newSubscription, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    }
    await Promise.all(waits);
    return waits.length;
  }

  const CHANGED = { type: 'pitclock:push-subscription-changed' };

  it('with no new subscription re-subscribes with the old key, then tells every window of this origin', async () => {
    const visible = fakeWindow(`${ORIGIN}/contests`);
    const hidden = fakeWindow(`${ORIGIN}/settings`, { visible: false });
    const foreign = fakeWindow('https://elsewhere.example/');
    windows = [visible, hidden, foreign];
    expect(await fireSubscriptionChange(key, null)).toBe(1);
    expect(subscribe).toHaveBeenCalledExactlyOnceWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(visible.postMessage).toHaveBeenCalledExactlyOnceWith(CHANGED);
    expect(hidden.postMessage).toHaveBeenCalledExactlyOnceWith(CHANGED);
    expect(foreign.postMessage).not.toHaveBeenCalled();
    expect(subscribe.mock.invocationCallOrder[0]).toBeLessThan(
      visible.postMessage.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('with a new subscription from the browser only tells the windows', async () => {
    const visible = fakeWindow(`${ORIGIN}/contests`);
    windows = [visible];
    await fireSubscriptionChange(key, { endpoint: 'https://push.example/renewed' });
    expect(subscribe).not.toHaveBeenCalled();
    expect(visible.postMessage).toHaveBeenCalledExactlyOnceWith(CHANGED);
  });

  it('still tells the windows when re-subscribing fails or there is no old key', async () => {
    const visible = fakeWindow(`${ORIGIN}/contests`);
    windows = [visible];
    subscribe.mockRejectedValueOnce(new Error('permission denied'));
    await fireSubscriptionChange(key, null);
    await fireSubscriptionChange(null, null);
    expect(subscribe).toHaveBeenCalledOnce();
    expect(visible.postMessage.mock.calls).toEqual([[CHANGED], [CHANGED]]);
  });
});
