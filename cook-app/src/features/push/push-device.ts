// Push on this device, both sides: the browser's subscription and the notifier's record of it.
import type { ApiClient } from '@pitclock/contracts';
import type { PushSubscriptionJson } from '@pitclock/contracts/push';
import { fetchVapidPublicKey, registerSubscription, unregisterSubscription } from './push-api';
import {
  base64UrlToBytes,
  madeWithKey,
  subscriptionJson,
  type PushManagerLike,
  type PushSubscriptionLike,
} from './push-browser';

export type PushDeviceDeps = { client: ApiClient; deviceId: () => string };

/** The browser gave a subscription without keys: nothing the notifier could encrypt for. */
export class UnreadableSubscriptionError extends Error {
  constructor() {
    super('The browser gave a push subscription without keys');
    this.name = 'UnreadableSubscriptionError';
  }
}

const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);

/** This device's subscription made with `key`: the current one when it was, else a new one. */
async function browserSubscription(
  manager: PushManagerLike,
  key: Uint8Array<ArrayBuffer>,
): Promise<{ subscription: PushSubscriptionLike; created: boolean }> {
  const existing = await manager.getSubscription();
  if (existing && madeWithKey(existing, key)) return { subscription: existing, created: false };
  // Made with another key (the server's key changed): the browser refuses a second one until it goes.
  if (existing) await existing.unsubscribe();
  const subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return { subscription, created: true };
}

/**
 * Turns push on: the server's VAPID key, the browser's subscription, then registered with the server.
 * A subscription made here that the server could not register is taken back, so that the two sides agree
 * and the switch shows off.
 */
export async function subscribeDevice(
  manager: PushManagerLike,
  { client, deviceId }: PushDeviceDeps,
): Promise<PushSubscriptionJson> {
  const key = base64UrlToBytes(await fetchVapidPublicKey(client));
  const { subscription, created } = await browserSubscription(manager, key);
  const json = subscriptionJson(subscription);
  try {
    if (!json) throw new UnreadableSubscriptionError();
    await registerSubscription(client, json, deviceId());
  } catch (failure) {
    if (created) await quietly(subscription.unsubscribe());
    throw failure;
  }
  return json;
}

/**
 * Turns push off: the server forgets the subscription, and the browser drops it whatever the server said
 * (once dropped, the push service answers 410 to the server, which then forgets it too). Resolves with
 * the server's failure, if any.
 */
export async function unsubscribeDevice(
  manager: PushManagerLike,
  { client }: Pick<PushDeviceDeps, 'client'>,
): Promise<{ serverFailure: unknown }> {
  const subscription = await manager.getSubscription();
  if (!subscription) return { serverFailure: null };
  let serverFailure: unknown = null;
  try {
    await unregisterSubscription(client, subscription.endpoint);
  } catch (failure) {
    serverFailure = failure;
  }
  await subscription.unsubscribe();
  return { serverFailure };
}
