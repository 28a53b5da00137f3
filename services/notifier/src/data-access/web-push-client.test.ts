import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVapidAuthorization, startPushReceiver, type PushReceiver } from '../test-support/push-receiver';
import { createWebPushClient, VAPID_HEADER_REUSE_MS, type PushMessage } from './web-push-client';

const keys = webpush.generateVAPIDKeys();
const subject = 'mailto:push-test@pitclock.test';
const message: PushMessage = {
  payload: '{"hello":"push"}',
  ttlSeconds: 120,
  urgency: 'high',
  topic: 'step-topic_1',
};

let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

const clientAt = (now: () => Date = () => new Date(), timeoutMs = 5_000) =>
  createWebPushClient({ keys: { current: async () => keys }, subject, timeoutMs, clock: now });

const targetOf = (subscription: ReturnType<PushReceiver['subscription']>) => ({
  endpoint: subscription.endpoint,
  ...subscription.keys,
});

describe('createWebPushClient against a local https push service', () => {
  it('POSTs the aes128gcm-encrypted payload with TTL, Urgency, Topic and a VAPID header for the receiver origin', async () => {
    const subscription = receiver.subscription();
    const before = Math.floor(Date.now() / 1000);
    expect(await clientAt().send(targetOf(subscription), message)).toEqual({
      kind: 'accepted',
      statusCode: 201,
    });
    const [push] = await receiver.waitForPushes(subscription.endpoint);
    expect(push!.headers).toMatchObject({
      ttl: '120',
      urgency: 'high',
      topic: 'step-topic_1',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    expect(subscription.decrypt(push!.body)).toBe(message.payload);
    const vapid = readVapidAuthorization(push!.headers.authorization);
    expect(vapid).toMatchObject({
      publicKey: keys.publicKey,
      signatureValid: true,
      header: { alg: 'ES256' },
    });
    expect(vapid!.claims.aud).toBe(receiver.origin);
    expect(vapid!.claims.sub).toBe(subject);
    expect(Number(vapid!.claims.exp) - before).toBeGreaterThanOrEqual(12 * 3600 - 5);
    expect(Number(vapid!.claims.exp) - before).toBeLessThanOrEqual(12 * 3600 + 5);
  });

  it('reuses the VAPID header per push service for up to an hour, then signs a new one', async () => {
    let nowMs = Date.now();
    const client = clientAt(() => new Date(nowMs));
    const [a, b, c] = [receiver.subscription(), receiver.subscription(), receiver.subscription()];
    await client.send(targetOf(a), message);
    nowMs += VAPID_HEADER_REUSE_MS - 1_000;
    await client.send(targetOf(b), message);
    nowMs += 2_000;
    await client.send(targetOf(c), message);
    const header = async (endpoint: string) =>
      (await receiver.waitForPushes(endpoint))[0]!.headers.authorization;
    expect(await header(b.endpoint)).toBe(await header(a.endpoint));
    expect(await header(c.endpoint)).not.toBe(await header(a.endpoint));
    expect(readVapidAuthorization(await header(c.endpoint))!.signatureValid).toBe(true);
  });

  it('classifies the answers: 404 and 410 gone, 429 with Retry-After and 503 retry, 400 rejected', async () => {
    const client = clientAt();
    const answers: [number, Record<string, string>, object][] = [
      [410, {}, { kind: 'gone', statusCode: 410 }],
      [404, {}, { kind: 'gone', statusCode: 404 }],
      [429, { 'Retry-After': '7' }, { kind: 'retry', statusCode: 429, retryAfterMs: 7_000 }],
      [503, {}, { kind: 'retry', statusCode: 503 }],
      [400, {}, { kind: 'rejected', statusCode: 400 }],
    ];
    for (const [status, headers, expected] of answers) {
      const subscription = receiver.subscription();
      receiver.reply(subscription.endpoint, { status, headers });
      expect(await client.send(targetOf(subscription), message)).toEqual(expected);
    }
  });

  it('gives up on a push service that does not answer within the timeout (retry, with the reason)', async () => {
    const subscription = receiver.subscription();
    // The push service never answers: the send ends by the client's own timeout, which names itself.
    receiver.reply(subscription.endpoint, { status: 201, hang: true });
    const response = await clientAt(undefined, 300).send(targetOf(subscription), message);
    expect(response).toEqual({ kind: 'retry', error: 'no answer within 300 ms' });
  });

  it('refuses without a request a payload over the limit or keys that are not a P-256 point', async () => {
    const subscription = receiver.subscription();
    const client = clientAt();
    expect(
      await client.send(targetOf(subscription), { ...message, payload: 'x'.repeat(3_994) }),
    ).toMatchObject({
      kind: 'rejected',
    });
    const notAPoint = Buffer.alloc(65, 7).toString('base64url');
    expect(await client.send({ ...targetOf(subscription), p256dh: notAPoint }, message)).toMatchObject({
      kind: 'rejected',
    });
    expect(receiver.received(subscription.endpoint)).toEqual([]);
  });
});
