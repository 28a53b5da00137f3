// The service worker (built by vite-plugin-pwa, injectManifest): precaches the shell and the cook-app
// remote, falls back to the shell's index.html for navigations, caches admin-console at runtime only
// (when an admin opens it), and waits for the page to say SKIP_WAITING before taking over. A click on a
// step-alert notification opens the step's run; its Dismiss action tells the open windows, records the
// dismissal for the app's next start and, for a pushed alert, tells the notifier. A pushed step alert is
// shown unless a visible window already alerts that step (issue 8).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { DISMISS_STEP_MESSAGE, NAVIGATE_MESSAGE, STEP_ALERT_TAG } from '@pitclock/contracts/step-alerts';
import { recordPendingDismissal } from '@pitclock/contracts/indexed-db';
import {
  IS_ALERTING_TIMEOUT_MS,
  PUSH_PATHS,
  PUSH_SUBSCRIPTION_CHANGED_MESSAGE,
} from '@pitclock/contracts/push';
import { parsePushText, pushedNotification, visibleWindowAlerting } from './sw-push';
import { dismissTokenOf, notificationTarget, stepAlertData } from './sw-step-alert-data';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/remotes\//],
  }),
);

// admin-console: its entry from the network when online (a new deploy's entry names new chunks),
// the cached one offline; its hashed chunks never change, so cache first.
const isAdminConsole = (url: URL) =>
  url.origin === self.location.origin && url.pathname.startsWith('/remotes/admin-console/');
registerRoute(
  ({ url }) => isAdminConsole(url) && url.pathname.endsWith('/remoteEntry.js'),
  new NetworkFirst({
    cacheName: 'pitclock-admin-console-entry',
    networkTimeoutSeconds: 5,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);
registerRoute(
  ({ url }) => isAdminConsole(url),
  new CacheFirst({
    cacheName: 'pitclock-admin-console-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true }),
    ],
  }),
);

/** The open windows of this origin, the focused one first, then the visible ones. */
async function originWindows(): Promise<WindowClient[]> {
  const all = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const rank = (c: WindowClient) => (c.focused ? 0 : c.visibilityState === 'visible' ? 1 : 2);
  return all
    .filter((c) => {
      try {
        return new URL(c.url).origin === self.location.origin;
      } catch {
        return false;
      }
    })
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * Shows `href` (a URL of this origin): in an open window, focused and navigated there (client.navigate
 * works only for a window this worker controls; otherwise the page is asked with a
 * { type: 'pitclock:navigate', url: <path> } message), else in a new window.
 */
async function openInWindow(href: string): Promise<void> {
  const [client] = await originWindows();
  if (!client) {
    await self.clients.openWindow(href);
    return;
  }
  const focused = await client.focus().catch(() => client);
  if (typeof focused.navigate === 'function') {
    const navigated = await focused.navigate(href).catch(() => null);
    if (navigated) return;
  }
  const { pathname, search, hash } = new URL(href);
  focused.postMessage({ type: NAVIGATE_MESSAGE, url: pathname + search + hash });
}

/**
 * Dismiss: recorded first (so the open windows, told next, find it and clear it as they apply it; and a
 * dismissal made with no window open is applied when the app next starts), then every open window of
 * this origin gets { type: 'pitclock:dismiss-step', stepId }.
 */
async function dismissStep(stepId: string): Promise<void> {
  await recordPendingDismissal(stepId, new Date().toISOString()).catch(() => undefined);
  for (const client of await originWindows()) client.postMessage({ type: DISMISS_STEP_MESSAGE, stepId });
}

/**
 * Tells the notifier (POST /api/push/dismiss { token }, same origin, no credentials: the token is the
 * authority) so that no more reminders of the step are pushed. Failures are left alone: the app re-sends
 * the schedule with the step dismissed when it next syncs.
 */
async function tellNotifierDismissed(token: string): Promise<void> {
  try {
    await fetch(new URL(PUSH_PATHS.dismiss, self.location.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'omit',
    });
  } catch {
    // Offline or the notifier unreachable: see above.
  }
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  const { notification } = event;
  if (notification.tag !== STEP_ALERT_TAG) return;
  notification.close();
  const alert = stepAlertData(notification.data);
  if (event.action === 'dismiss') {
    if (!alert) return;
    const token = dismissTokenOf(notification.data);
    // Side by side: the notifier's answer never holds up the local dismissal.
    event.waitUntil(Promise.all([dismissStep(alert.stepId), token ? tellNotifierDismissed(token) : null]));
    return;
  }
  // 'view' or a click on the body: the run of the step (the app's start page when the data is unusable).
  const href =
    notificationTarget(notification.data, self.location.origin) ?? new URL('/', self.location.origin).href;
  event.waitUntil(openInWindow(href));
});

/**
 * Shows a push (see sw-push.ts): nothing for an unusable payload, and nothing for a step alert that a
 * visible window already alerts (Chrome forces no generic notification while a window of the origin is
 * visible, and the cook would get the same alert twice).
 */
async function showPush(text: string | undefined): Promise<void> {
  const pushed = pushedNotification(parsePushText(text), self.location.origin, Date.now());
  if (!pushed) return;
  if (pushed.alert) {
    const windows = await originWindows();
    if (await visibleWindowAlerting(windows, pushed.alert, IS_ALERTING_TIMEOUT_MS)) return;
  }
  await self.registration.showNotification(pushed.title, pushed.options);
}

self.addEventListener('push', (event: PushEvent) => {
  event.waitUntil(showPush(event.data?.text()));
});

/**
 * The browser replaced (or dropped) this device's push subscription: when it gives no new one, subscribe
 * again with the old one's key; then every open window is told, so that the app registers the current
 * subscription with the notifier (the worker has no credentials to do it).
 */
async function renewSubscription(event: PushSubscriptionChangeEvent): Promise<void> {
  const applicationServerKey = event.oldSubscription?.options.applicationServerKey;
  if (!event.newSubscription && applicationServerKey) {
    await self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey })
      .catch(() => null);
  }
  for (const client of await originWindows()) {
    client.postMessage({ type: PUSH_SUBSCRIPTION_CHANGED_MESSAGE });
  }
}

self.addEventListener('pushsubscriptionchange', (event: PushSubscriptionChangeEvent) => {
  event.waitUntil(renewSubscription(event));
});

// Updates are prompted: a new worker waits until the page's reload button sends SKIP_WAITING.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// On the first install there is no old worker to wait for: take control of the open page at once,
// so that it works offline without a reload.
clientsClaim();
