import https from 'node:https';
import { PUSH_MAX_PAYLOAD_BYTES } from '@pitclock/contracts/push';
import webpush from 'web-push';
import { classifyPushStatus, parseRetryAfter, type PushResponseKind } from '../domain/delivery';
import type { VapidKeyPair } from './vapid-keys-repository';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushMessage = {
  /** The plaintext (JSON); encrypted with aes128gcm for the subscription's keys. */
  payload: string;
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  /** Web Push Topic: at most 32 URL-safe base64 characters. */
  topic?: string;
};

export type PushResponse = {
  kind: PushResponseKind;
  statusCode?: number;
  /** The push service's Retry-After, in ms, when it sent one. */
  retryAfterMs?: number;
  /** Why nothing usable came back (timeout, connection error, a request that could not be built). */
  error?: string;
};

export type WebPushClient = { send: (target: PushTarget, message: PushMessage) => Promise<PushResponse> };

export type WebPushClientOptions = {
  keys: { current: () => Promise<VapidKeyPair> };
  /** VAPID_SUBJECT: a mailto: or https: contact for the push services. */
  subject: string;
  /** The whole request, connection to answer; below Bull's lockDuration. */
  timeoutMs: number;
  /** For a push service whose certificate Node's CA store does not hold (tests may pass their CA). */
  agent?: https.Agent;
  clock?: () => Date;
};

/** The VAPID JWT is valid 12 hours and reused for at most 1 hour per push service. */
export const VAPID_JWT_LIFETIME_SECONDS = 12 * 60 * 60;
export const VAPID_HEADER_REUSE_MS = 60 * 60_000;

/**
 * web-push signs a new ES256 JWT for every message when given vapidDetails; signing is most of the CPU
 * of a send. The Authorization header is the same for every message to one push service (the JWT's
 * audience is its origin), so it is made once per origin and reused.
 */
const createVapidHeaders = ({
  keys,
  subject,
  clock,
}: Required<Pick<WebPushClientOptions, 'keys' | 'subject' | 'clock'>>) => {
  const cache = new Map<string, { authorization: string; madeAtMs: number }>();
  return async (audience: string): Promise<string> => {
    const nowMs = clock().getTime();
    const cached = cache.get(audience);
    if (cached && nowMs - cached.madeAtMs < VAPID_HEADER_REUSE_MS) return cached.authorization;
    const { publicKey, privateKey } = await keys.current();
    const expiresAt = Math.floor(nowMs / 1000) + VAPID_JWT_LIFETIME_SECONDS;
    const { Authorization: authorization } = webpush.getVapidHeaders(
      audience,
      subject,
      publicKey,
      privateKey,
      'aes128gcm',
      expiresAt,
    );
    cache.set(audience, { authorization, madeAtMs: nowMs });
    return authorization;
  };
};

type RawAnswer = { statusCode?: number; retryAfter?: string; error?: string };

/** POSTs the built request; never follows a redirect; gives up after timeoutMs in all. */
const post = (
  details: webpush.RequestDetails,
  { timeoutMs, agent }: Pick<WebPushClientOptions, 'timeoutMs' | 'agent'>,
): Promise<RawAnswer> =>
  new Promise((resolve) => {
    const request = https.request(details.endpoint, { method: 'POST', headers: details.headers, agent });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('response', (response) => {
      clearTimeout(timer);
      response.resume();
      const retryAfter = response.headers['retry-after'];
      resolve({
        statusCode: response.statusCode,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      });
    });
    request.on('error', (err) => {
      clearTimeout(timer);
      resolve({ error: err.message });
    });
    request.end(details.body ?? undefined);
  });

/** Sends Web Push messages (RFC 8030) with VAPID (RFC 8292) and aes128gcm encryption (RFC 8291). */
export const createWebPushClient = ({
  keys,
  subject,
  timeoutMs,
  agent,
  clock = () => new Date(),
}: WebPushClientOptions): WebPushClient => {
  const vapidHeader = createVapidHeaders({ keys, subject, clock });
  return {
    send: async (target, message) => {
      if (Buffer.byteLength(message.payload) > PUSH_MAX_PAYLOAD_BYTES) {
        return { kind: 'rejected', error: `payload over ${PUSH_MAX_PAYLOAD_BYTES} bytes` };
      }
      const authorization = await vapidHeader(new URL(target.endpoint).origin);
      let details: webpush.RequestDetails;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          message.payload,
          {
            headers: { Authorization: authorization },
            TTL: message.ttlSeconds,
            urgency: message.urgency,
            topic: message.topic,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (err) {
        // Keys that are not a P-256 point cannot be encrypted for: retrying would fail the same way.
        return { kind: 'rejected', error: err instanceof Error ? err.message : String(err) };
      }
      const answer = await post(details, { timeoutMs, agent });
      const response: PushResponse = { kind: classifyPushStatus(answer.statusCode) };
      if (answer.statusCode !== undefined) response.statusCode = answer.statusCode;
      const retryAfterMs = parseRetryAfter(answer.retryAfter, clock());
      if (retryAfterMs !== undefined) response.retryAfterMs = retryAfterMs;
      if (answer.error) response.error = answer.error;
      return response;
    },
  };
};
