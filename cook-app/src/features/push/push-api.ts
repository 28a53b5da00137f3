// The notifier's push calls (issue 8; SPEC.md section 7: GET /api/push/me, POST /api/push/test). Answers
// are read by hand: the zod schemas of contracts/schemas/push.ts stay out of the browser bundle.
import { ApiError, isApiError, type ApiClient } from '@pitclock/contracts';
import { PUSH_PATHS, type PushSubscriptionJson } from '@pitclock/contracts/push';
import type { PushSubscriptionView, PushTestResponse } from '@pitclock/contracts/schemas';

/** A push call that has not been answered after this long fails (the user is waiting on a control). */
export const PUSH_CALL_TIMEOUT_MS = 30_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);
const isWholeNumber = (value: unknown): value is number => Number.isInteger(value);

function invalidResponse(body: unknown): ApiError {
  return new ApiError({
    kind: 'invalid-response',
    status: 200,
    message: 'Invalid response from server',
    body,
  });
}

/** { public_key } of GET push/vapid-public-key. */
export function readVapidPublicKey(body: unknown): string {
  if (isRecord(body) && isText(body.public_key) && body.public_key.trim() !== '')
    return body.public_key.trim();
  throw invalidResponse(body);
}

function isSubscriptionView(value: unknown): value is PushSubscriptionView {
  return (
    isRecord(value) &&
    isWholeNumber(value.id) &&
    isTextOrNull(value.device_id) &&
    isText(value.endpoint_origin) &&
    isText(value.created_at) &&
    isTextOrNull(value.last_success_at) &&
    isTextOrNull(value.last_failure_at)
  );
}

/** { subscriptions } of GET push/me; an unreadable entry fails the whole answer (it is the server's bug). */
export function readSubscriptions(body: unknown): PushSubscriptionView[] {
  if (isRecord(body) && Array.isArray(body.subscriptions) && body.subscriptions.every(isSubscriptionView)) {
    return body.subscriptions;
  }
  throw invalidResponse(body);
}

/** { sent, succeeded, failed } of POST push/test. */
export function readTestResult(body: unknown): PushTestResponse {
  if (
    isRecord(body) &&
    isWholeNumber(body.sent) &&
    isWholeNumber(body.succeeded) &&
    isWholeNumber(body.failed)
  )
    return { sent: body.sent, succeeded: body.succeeded, failed: body.failed };
  throw invalidResponse(body);
}

/** The server's public VAPID key (a public call: no bearer needed). */
export async function fetchVapidPublicKey(client: ApiClient): Promise<string> {
  return readVapidPublicKey(
    await client.get(PUSH_PATHS.vapidPublicKey, { auth: false, timeoutMs: PUSH_CALL_TIMEOUT_MS }),
  );
}

/** The body of POST push/subscribe: the browser's subscription and this device's id. */
export function subscribeBody(subscription: PushSubscriptionJson, deviceId: string) {
  return { subscription, device_id: deviceId };
}

/** Registers (or refreshes: the server upserts by endpoint) this device's subscription. */
export async function registerSubscription(
  client: ApiClient,
  subscription: PushSubscriptionJson,
  deviceId: string,
): Promise<void> {
  await client.post(PUSH_PATHS.subscribe, subscribeBody(subscription, deviceId), {
    timeoutMs: PUSH_CALL_TIMEOUT_MS,
  });
}

/** Forgets a subscription on the server; one it does not know (404) is forgotten already. */
export async function unregisterSubscription(client: ApiClient, endpoint: string): Promise<void> {
  try {
    await client.request(PUSH_PATHS.subscribe, {
      method: 'DELETE',
      body: { endpoint },
      timeoutMs: PUSH_CALL_TIMEOUT_MS,
    });
  } catch (failure) {
    if (isApiError(failure) && failure.kind === 'http' && failure.status === 404) return;
    throw failure;
  }
}

/** The signed-in user's subscriptions (every device). */
export async function listSubscriptions(client: ApiClient): Promise<PushSubscriptionView[]> {
  return readSubscriptions(await client.get(PUSH_PATHS.me, { timeoutMs: PUSH_CALL_TIMEOUT_MS }));
}

/** Sends the test push to every subscription of the user. */
export async function sendTestPush(client: ApiClient): Promise<PushTestResponse> {
  return readTestResult(await client.post(PUSH_PATHS.test, undefined, { timeoutMs: PUSH_CALL_TIMEOUT_MS }));
}
