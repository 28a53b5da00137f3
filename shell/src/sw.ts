// The service worker (built by vite-plugin-pwa, injectManifest): precaches the shell and the cook-app
// remote, falls back to the shell's index.html for navigations, caches admin-console at runtime only
// (when an admin opens it), and waits for the page to say SKIP_WAITING before taking over.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

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

// Updates are prompted: a new worker waits until the page's reload button sends SKIP_WAITING.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// On the first install there is no old worker to wait for: take control of the open page at once,
// so that it works offline without a reload.
clientsClaim();
