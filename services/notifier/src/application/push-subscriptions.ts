import { PUSH_TEST_TAG } from '@pitclock/contracts/push';
import { PUSH_MESSAGES as m, type PushTestResponse, type SubscribeBody } from '@pitclock/contracts/schemas';
import { HttpError, notFound, type Logger } from '@pitclock/kit';
import type { PushSubscriptionRow, PushSubscriptionsRepository } from '../data-access';
import { checkEndpoint, type OriginRule } from '../domain/allowed-origins';
import { testPushPayload } from '../domain/payload';
import type { VapidKeys } from './vapid-keys';
import type { PushSender } from './push-sender';

export type PushSubscriptionsDeps = {
  subscriptions: PushSubscriptionsRepository;
  vapidKeys: VapidKeys;
  sender: PushSender;
  allowedOrigins: readonly OriginRule[];
  logger: Logger;
};

/** A test push is worth showing for a minute at most. */
const TEST_PUSH_TTL_SECONDS = 60;

/** The VAPID public key the app subscribes with (GET /api/push/vapid-public-key). */
export const vapidPublicKey = async ({ vapidKeys }: PushSubscriptionsDeps): Promise<string> =>
  (await vapidKeys.current()).publicKey;

/**
 * Stores the user's subscription of a device (POST /api/push/subscribe), or refreshes the one stored with
 * that endpoint; `created` says which. Its endpoint must be an https URL of an allowed push service.
 */
export const subscribe = async (
  { subscriptions, allowedOrigins, logger }: PushSubscriptionsDeps,
  userId: number,
  body: SubscribeBody,
): Promise<{ row: PushSubscriptionRow; created: boolean }> => {
  assertAllowedEndpoint(body.subscription.endpoint, allowedOrigins);
  const stored = await subscriptions.upsert({
    userId,
    deviceId: body.device_id,
    endpoint: body.subscription.endpoint,
    p256dh: body.subscription.keys.p256dh,
    auth: body.subscription.keys.auth,
  });
  logger.info({ userId, subscriptionId: stored.row.id, created: stored.created }, 'push subscription stored');
  return stored;
};

/** Deletes the user's own subscription with that endpoint (DELETE /api/push/subscribe). */
export const unsubscribe = async (
  { subscriptions, logger }: PushSubscriptionsDeps,
  userId: number,
  endpoint: string,
): Promise<void> => {
  if (!(await subscriptions.deleteOwn(userId, endpoint))) throw notFound(m.subscriptionNotFound);
  logger.info({ userId }, 'push subscription deleted');
};

/** The user's subscriptions (GET /api/push/me). */
export const listSubscriptions = ({ subscriptions }: PushSubscriptionsDeps, userId: number) =>
  subscriptions.listByUser(userId);

/** Sends a test notification to every subscription of the user (POST /api/push/test). */
export const sendTestPush = async (
  { subscriptions, sender, logger }: PushSubscriptionsDeps,
  userId: number,
): Promise<PushTestResponse> => {
  const rows = await subscriptions.listByUser(userId);
  if (rows.length === 0) throw notFound(m.noSubscriptions);
  const message = {
    payload: JSON.stringify(testPushPayload()),
    ttlSeconds: TEST_PUSH_TTL_SECONDS,
    urgency: 'high' as const,
    topic: PUSH_TEST_TAG,
  };
  const results = await Promise.all(rows.map((row) => sender.send(row, message)));
  const succeeded = results.filter((result) => result.result === 'sent').length;
  logger.info({ userId, sent: rows.length, succeeded }, 'test push sent');
  return { sent: rows.length, succeeded, failed: rows.length - succeeded };
};

/** 400 unless the endpoint is an https URL of an allowed push service: it is stored to be called later. */
const assertAllowedEndpoint = (endpoint: string, allowedOrigins: readonly OriginRule[]) => {
  const check = checkEndpoint(endpoint, allowedOrigins);
  if (check.ok) return;
  throw check.reason === 'invalid'
    ? new HttpError(400, 'endpoint_invalid', m.endpointInvalid)
    : new HttpError(400, 'endpoint_not_allowed', m.endpointNotAllowed);
};
