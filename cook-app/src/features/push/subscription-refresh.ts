// Keeps the notifier's record of this device's push subscription current: at app start, at sign-in and
// when the service worker says the browser replaced the subscription (pushsubscriptionchange), the
// current one is queued for registration (an idempotent upsert, so sending it again is harmless). A
// subscription made with a VAPID key the server no longer has (the keys were rotated) is replaced first.
import { api, session as pageSession, type ApiClient, type SessionStore } from '@pitclock/contracts';
import { PUSH_PATHS, PUSH_SUBSCRIPTION_CHANGED_MESSAGE } from '@pitclock/contracts/push';
import {
  readNotificationPermission,
  type NotificationPermissionState,
} from '../../lib/notification-permission';
import type { Outbox } from './outbox';
import { fetchVapidPublicKey, subscribeBody } from './push-api';
import {
  base64UrlToBytes,
  madeWithKey,
  subscriptionJson,
  type PushBrowser,
  type PushManagerLike,
  type PushSubscriptionLike,
} from './push-browser';

/** The outbox key of the subscription's registration (the Settings switch discards it when turned off). */
export const SUBSCRIPTION_KEY = 'push-subscription';

export type SubscriptionRefreshDeps = {
  browser: PushBrowser;
  outbox: Pick<Outbox, 'enqueue'>;
  client?: ApiClient;
  session?: SessionStore;
  permission?: () => NotificationPermissionState;
  warn?: (message: string, details: unknown) => void;
};

/** The service worker's message ({ type: 'pitclock:push-subscription-changed' }). */
export function isSubscriptionChangedMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === PUSH_SUBSCRIPTION_CHANGED_MESSAGE
  );
}

/**
 * Queues this device's subscription for registration while signed in. `resubscribe`: after a change the
 * worker could not renew itself (no subscription left), subscribe again if notifications are allowed.
 */
export async function refreshSubscription(
  deps: SubscriptionRefreshDeps,
  { resubscribe = false }: { resubscribe?: boolean } = {},
): Promise<void> {
  const session = deps.session ?? pageSession;
  const permission = deps.permission ?? readNotificationPermission;
  if (session.getToken() === null) return;
  const manager = await deps.browser.pushManager();
  if (!manager) return;
  let subscription = await manager.getSubscription();
  if (!subscription && resubscribe && permission() === 'granted') {
    const key = base64UrlToBytes(await fetchVapidPublicKey(deps.client ?? api));
    subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } else if (subscription && permission() === 'granted') {
    subscription = await withCurrentKey(deps, manager, subscription);
  }
  const json = subscription ? subscriptionJson(subscription) : null;
  if (!json) return;
  deps.outbox.enqueue({
    key: SUBSCRIPTION_KEY,
    method: 'POST',
    path: PUSH_PATHS.subscribe,
    body: subscribeBody(json, session.getDeviceId()),
  });
}

/**
 * The subscription, or a new one when it was made with another VAPID key than the server's now: push
 * services refuse pushes signed with a key the subscription was not made with. Offline (the key cannot be
 * read), the subscription is kept as it is and checked at the next start. The old endpoint's record is
 * dropped by the notifier at its first push (the push service answers 404 or 410 for it).
 */
async function withCurrentKey(
  deps: SubscriptionRefreshDeps,
  manager: PushManagerLike,
  subscription: PushSubscriptionLike,
): Promise<PushSubscriptionLike> {
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlToBytes(await fetchVapidPublicKey(deps.client ?? api));
  } catch {
    return subscription;
  }
  if (madeWithKey(subscription, key)) return subscription;
  await subscription.unsubscribe();
  return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Refreshes now, on the worker's message and at each sign-in; returns the stop function. */
export function startSubscriptionRefresh(deps: SubscriptionRefreshDeps): () => void {
  const session = deps.session ?? pageSession;
  const warn = deps.warn ?? ((message, details) => console.warn(message, details));
  const refresh = (resubscribe: boolean) =>
    refreshSubscription(deps, { resubscribe }).catch((failure: unknown) =>
      warn('PitClock: the push subscription could not be refreshed', failure),
    );

  void refresh(false);
  const stopMessages = deps.browser.onMessage((data) => {
    if (isSubscriptionChangedMessage(data)) void refresh(true);
  });
  let signedIn = session.getToken() !== null;
  const stopSession = session.subscribe(() => {
    const now = session.getToken() !== null;
    if (now && !signedIn) void refresh(false);
    signedIn = now;
  });
  return () => {
    stopMessages();
    stopSession();
  };
}
