// The browser's side of push: the service worker registration's PushManager and the worker's messages.
// Narrow types of our own, so that a test can pass a small fake (jsdom has no service worker and no
// PushManager); the real objects fit them and are exercised in Chromium by the e2e.
import type { PushSubscriptionJson } from '@pitclock/contracts/push';

export type PushSubscriptionLike = {
  readonly endpoint: string;
  /** The key the subscription was made with (null or missing in older browsers). */
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint?: string; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
};

export type PushManagerLike = {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: BufferSource;
  }): Promise<PushSubscriptionLike>;
};

export type PushBrowser = {
  /** The PushManager of this page's service worker, or null where push cannot work (no service worker, no PushManager). */
  pushManager(): Promise<PushManagerLike | null>;
  /** Calls `listener` with the data of each message the service worker posts; returns the unsubscribe. */
  onMessage(listener: (data: unknown) => void): () => void;
};

function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return undefined;
  if (typeof window.PushManager === 'undefined') return undefined;
  return navigator.serviceWorker ?? undefined;
}

/**
 * This browser's push. A page without a registered service worker (development, a blocked worker) has
 * no push: `ready` would never settle there, so the registration is looked up first.
 */
export function browserPush(): PushBrowser {
  return {
    async pushManager() {
      const container = serviceWorkerContainer();
      if (!container) return null;
      try {
        const registration = await container.getRegistration();
        if (!registration) return null;
        // subscribe() needs an active worker: a first install activates soon after registering.
        return (registration.active ? registration : await container.ready).pushManager;
      } catch {
        return null;
      }
    },
    onMessage(listener) {
      const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
      if (!container) return () => {};
      const onMessage = (event: MessageEvent) => listener(event.data);
      container.addEventListener('message', onMessage);
      return () => container.removeEventListener('message', onMessage);
    },
  };
}

let defaultBrowser: PushBrowser | undefined;
/** The page's browserPush(), made once. */
export function pagePush(): PushBrowser {
  defaultBrowser ??= browserPush();
  return defaultBrowser;
}

/** The bytes of a base64url text (the VAPID public key as the server gives it). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .trim()
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/(?<!=)=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with `key`. */
export function madeWithKey(subscription: PushSubscriptionLike, key: Uint8Array): boolean {
  const made = subscription.options?.applicationServerKey;
  if (!made || made.byteLength !== key.byteLength) return false;
  const bytes = new Uint8Array(made);
  return bytes.every((byte, i) => byte === key[i]);
}

/** The subscription as the notifier takes it, or null when the browser gave no keys. */
export function subscriptionJson(subscription: PushSubscriptionLike): PushSubscriptionJson | null {
  const json = subscription.toJSON();
  const endpoint = json.endpoint ?? subscription.endpoint;
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!endpoint || !p256dh || !auth) return null;
  return { endpoint, keys: { p256dh, auth } };
}
