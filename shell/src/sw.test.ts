// @vitest-environment node
// The service worker's notification clicks, run in Node against a stand-in ServiceWorkerGlobalScope:
// Workbox is mocked (routing and precaching are not under test here), IndexedDB is fake-indexeddb.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';

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

const scope = {
  __WB_MANIFEST: [],
  location: { origin: ORIGIN },
  indexedDB: new IDBFactory(),
  clients: {
    matchAll: vi.fn(async () => windows),
    openWindow,
    claim: vi.fn(),
  },
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

function storedDismissals(): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = scope.indexedDB.open('pitclock-sw', 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore('pending-dismissals', { autoIncrement: true });
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const all = db.transaction('pending-dismissals').objectStore('pending-dismissals').getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result);
      };
    };
  });
}

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  // A computed specifier: sw.ts is type-checked by tsconfig.sw.json (WebWorker lib), not with this file.
  const worker = './sw.ts';
  await import(/* @vite-ignore */ worker);
});

beforeEach(() => {
  windows = [];
  openWindow.mockClear();
  scope.indexedDB = new IDBFactory();
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
    scope.indexedDB = broken as unknown as IDBFactory;
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
