import { afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '@pitclock/contracts';
import { startTestServer, type Reply, type TestServer } from '@pitclock/contracts/testing';
import {
  fetchVapidPublicKey,
  listSubscriptions,
  registerSubscription,
  sendTestPush,
  unregisterSubscription,
} from './push-api';
import { memorySession, testClient, USER_TOKEN, VAPID_PUBLIC_KEY } from './test-support';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function api(reply: Reply) {
  const server = await startTestServer(() => reply);
  servers.push(server);
  return { server, client: testClient(memorySession(), server) };
}

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

const row = {
  id: 3,
  device_id: 'device-x',
  endpoint_origin: 'https://fcm.googleapis.com',
  created_at: '2026-05-01T10:00:00.000Z',
  last_success_at: null,
  last_failure_at: '2026-05-02T10:00:00.000Z',
};

describe('push calls', () => {
  it('reads the VAPID key from GET push/vapid-public-key, a public call sent without the bearer', async () => {
    const { server, client } = await api({ json: { public_key: VAPID_PUBLIC_KEY } });
    expect(await fetchVapidPublicKey(client)).toBe(VAPID_PUBLIC_KEY);
    const [request] = server.on('/api/push/vapid-public-key');
    expect(request?.method).toBe('GET');
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('rejects an answer without a key as an invalid response', async () => {
    const { client } = await api({ json: { key: VAPID_PUBLIC_KEY } });
    const failure: unknown = await fetchVapidPublicKey(client).catch((e: unknown) => e);
    expect(isApiError(failure) && failure.kind).toBe('invalid-response');
  });

  it('registers the subscription with POST push/subscribe {subscription, device_id} and the bearer', async () => {
    const { server, client } = await api({ status: 201, json: { id: 1 } });
    await registerSubscription(client, subscription, 'device-me');
    const [request] = server.on('/api/push/subscribe');
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe(`Bearer ${USER_TOKEN}`);
    expect(request?.json).toEqual({ subscription, device_id: 'device-me' });
  });

  it('unregisters with DELETE push/subscribe {endpoint}; a subscription the server does not know is gone already', async () => {
    const { server, client } = await api({
      status: 404,
      json: { error: 'not_found', message: 'No such push subscription' },
    });
    await expect(unregisterSubscription(client, subscription.endpoint)).resolves.toBeUndefined();
    const [request] = server.on('/api/push/subscribe');
    expect(request?.method).toBe('DELETE');
    expect(request?.json).toEqual({ endpoint: subscription.endpoint });
  });

  it('an unregister the server fails rejects with its message', async () => {
    const { client } = await api({ status: 503, json: { error: 'unavailable', message: 'Try later' } });
    await expect(unregisterSubscription(client, subscription.endpoint)).rejects.toThrow('Try later');
  });

  it('lists the subscriptions of GET push/me', async () => {
    const { client } = await api({ json: { subscriptions: [row] } });
    expect(await listSubscriptions(client)).toEqual([row]);
  });

  it.each([
    ['no list', { subs: [] }],
    ['an entry without its origin', { subscriptions: [{ ...row, endpoint_origin: undefined }] }],
    ['an id that is not a number', { subscriptions: [{ ...row, id: '3' }] }],
  ])('rejects a list with %s', async (_label, json) => {
    const { client } = await api({ json });
    const failure: unknown = await listSubscriptions(client).catch((e: unknown) => e);
    expect(isApiError(failure) && failure.kind).toBe('invalid-response');
  });

  it('sends the test push with POST push/test and reads {sent, succeeded, failed}', async () => {
    const { server, client } = await api({ json: { sent: 2, succeeded: 1, failed: 1 } });
    expect(await sendTestPush(client)).toEqual({ sent: 2, succeeded: 1, failed: 1 });
    expect(server.on('/api/push/test')[0]?.method).toBe('POST');
  });
});
