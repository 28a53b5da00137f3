import { afterEach, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';
import { subscribeDevice, unsubscribeDevice } from './push-device';
import {
  fakePushManager,
  memorySession,
  OTHER_VAPID_KEY,
  testClient,
  VAPID_PUBLIC_KEY,
} from './test-support';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The notifier: its key, and `onSubscribe` for POST/DELETE push/subscribe (default 201). */
async function notifier(onSubscribe: (req: ReceivedRequest) => Reply = () => ({ status: 201, json: {} })) {
  const server = await startTestServer((req) =>
    req.path === '/api/push/vapid-public-key' ? { json: { public_key: VAPID_PUBLIC_KEY } } : onSubscribe(req),
  );
  servers.push(server);
  return { server, deps: { client: testClient(memorySession(), server), deviceId: () => 'device-me' } };
}

const keyBytes = (key: string) => [...Buffer.from(key, 'base64url')];

describe('subscribeDevice', () => {
  it("subscribes with userVisibleOnly and the server's key, then registers the subscription and device id", async () => {
    const { server, deps } = await notifier();
    const manager = fakePushManager();
    const json = await subscribeDevice(manager, deps);

    expect(manager.subscribeCalls).toHaveLength(1);
    expect(manager.subscribeCalls[0]?.userVisibleOnly).toBe(true);
    expect([...(manager.subscribeCalls[0]?.applicationServerKey ?? [])]).toEqual(keyBytes(VAPID_PUBLIC_KEY));
    const made = manager.current?.toJSON();
    expect(json).toEqual({ endpoint: made?.endpoint, keys: made?.keys });
    expect(server.on('/api/push/subscribe').map((r) => r.json)).toEqual([
      { subscription: json, device_id: 'device-me' },
    ]);
  });

  it('keeps a subscription already made with the same key and registers it again', async () => {
    const { server, deps } = await notifier();
    const manager = fakePushManager({ subscribedWith: VAPID_PUBLIC_KEY });
    const existing = manager.current;
    await subscribeDevice(manager, deps);
    expect(manager.subscribeCalls).toHaveLength(0);
    expect(manager.current).toBe(existing);
    expect(server.on('/api/push/subscribe')).toHaveLength(1);
  });

  it("replaces a subscription made with another key (the server's key changed)", async () => {
    const { deps } = await notifier();
    const manager = fakePushManager({ subscribedWith: OTHER_VAPID_KEY });
    const old = manager.current;
    await subscribeDevice(manager, deps);
    expect(old?.unsubscribed).toBe(true);
    expect(manager.subscribeCalls).toHaveLength(1);
    expect(manager.current).not.toBe(old);
  });

  it('takes back the subscription it made when the server refuses it, so both sides say off', async () => {
    const { deps } = await notifier(() => ({
      status: 400,
      json: { error: 'bad_request', message: 'The subscription endpoint is not a known push service' },
    }));
    const manager = fakePushManager();
    await expect(subscribeDevice(manager, deps)).rejects.toThrow(
      'The subscription endpoint is not a known push service',
    );
    expect(manager.current).toBeNull();
  });

  it('leaves the browser alone when the key cannot be fetched', async () => {
    const server = await startTestServer(() => ({ status: 503, text: 'Service Unavailable' }));
    servers.push(server);
    const manager = fakePushManager();
    await expect(
      subscribeDevice(manager, { client: testClient(memorySession(), server), deviceId: () => 'd' }),
    ).rejects.toThrow('Service Unavailable');
    expect(manager.subscribeCalls).toHaveLength(0);
  });
});

describe('unsubscribeDevice', () => {
  it('tells the server the endpoint (DELETE push/subscribe) and drops the browser subscription', async () => {
    const { server, deps } = await notifier(() => ({ status: 204 }));
    const manager = fakePushManager({ subscribedWith: VAPID_PUBLIC_KEY });
    const subscription = manager.current;
    expect(await unsubscribeDevice(manager, deps)).toEqual({ serverFailure: null });
    expect(server.on('/api/push/subscribe').map((r) => [r.method, r.json])).toEqual([
      ['DELETE', { endpoint: subscription?.endpoint }],
    ]);
    expect(subscription?.unsubscribed).toBe(true);
  });

  it("drops the browser subscription even when the server fails, and reports the server's failure", async () => {
    const { deps } = await notifier(() => ({ status: 500, json: { error: 'internal', message: 'Boom' } }));
    const manager = fakePushManager({ subscribedWith: VAPID_PUBLIC_KEY });
    const { serverFailure } = await unsubscribeDevice(manager, deps);
    expect((serverFailure as Error).message).toBe('Boom');
    expect(manager.current).toBeNull();
  });

  it('does nothing when this browser has no subscription', async () => {
    const { server, deps } = await notifier();
    expect(await unsubscribeDevice(fakePushManager(), deps)).toEqual({ serverFailure: null });
    expect(server.requests).toHaveLength(0);
  });
});
