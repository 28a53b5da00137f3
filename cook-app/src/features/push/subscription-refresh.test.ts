import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_SUBSCRIPTION_CHANGED_MESSAGE } from '@pitclock/contracts/push';
import { startTestServer, type TestServer } from '@pitclock/contracts/testing';
import { isSubscriptionChangedMessage, startSubscriptionRefresh } from './subscription-refresh';
import {
  fakePushBrowser,
  fakePushManager,
  memorySession,
  testClient,
  testOutbox,
  OTHER_VAPID_KEY,
  USER_TOKEN,
  VAPID_PUBLIC_KEY,
} from './test-support';

const servers: TestServer[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setup({
  signedIn = true,
  subscribed = true,
  subscribedWith = VAPID_PUBLIC_KEY,
  keyStatus = 200,
  permission = 'granted' as const,
} = {}) {
  const server = await startTestServer((req) =>
    req.path === '/api/push/vapid-public-key'
      ? keyStatus === 200
        ? { json: { public_key: VAPID_PUBLIC_KEY } }
        : { status: keyStatus, json: { error: { code: 'unavailable', message: 'down' } } }
      : { status: 201 },
  );
  servers.push(server);
  const session = memorySession(signedIn ? USER_TOKEN : null);
  const client = testClient(session, server);
  const { outbox } = testOutbox({ client, session });
  const manager = fakePushManager(subscribed ? { subscribedWith } : {});
  const browser = fakePushBrowser(manager);
  const warn = vi.fn();
  const start = () => {
    stops.push(
      startSubscriptionRefresh({ browser, outbox, client, session, permission: () => permission, warn }),
    );
  };
  /** What reached the server's push/subscribe, once the outbox has sent everything. */
  const registered = async () => {
    await vi.waitFor(async () => {
      await outbox.idle();
      expect(outbox.entries()).toEqual([]);
    });
    return server.on('/api/push/subscribe').map((r) => r.json);
  };
  return { server, session, manager, browser, outbox, start, registered, warn };
}

const registration = (manager: ReturnType<typeof fakePushManager>, deviceId: string) => {
  const json = manager.current?.toJSON();
  return { subscription: { endpoint: json?.endpoint, keys: json?.keys }, device_id: deviceId };
};

describe('the subscription refresh', () => {
  it("registers this device's subscription again at app start, so the server always knows it", async () => {
    const { manager, session, start, registered } = await setup();
    start();
    await vi.waitFor(async () =>
      expect(await registered()).toEqual([registration(manager, session.getDeviceId())]),
    );
  });

  it('replaces a subscription made with a VAPID key the server no longer has, and registers the new one', async () => {
    const { manager, session, start, registered } = await setup({ subscribedWith: OTHER_VAPID_KEY });
    const stale = manager.current!;
    start();
    await vi.waitFor(async () =>
      expect(await registered()).toEqual([registration(manager, session.getDeviceId())]),
    );
    expect(stale.unsubscribed).toBe(true);
    expect(manager.subscribeCalls).toEqual([
      {
        userVisibleOnly: true,
        applicationServerKey: new Uint8Array(Buffer.from(VAPID_PUBLIC_KEY, 'base64url')),
      },
    ]);
    expect(manager.current!.endpoint).not.toBe(stale.endpoint);
  });

  it('keeps and registers the subscription when the key cannot be read (offline, server down)', async () => {
    const { manager, session, start, registered } = await setup({
      subscribedWith: OTHER_VAPID_KEY,
      keyStatus: 503,
    });
    const current = manager.current!;
    start();
    await vi.waitFor(async () =>
      expect(await registered()).toEqual([registration(manager, session.getDeviceId())]),
    );
    expect(manager.current).toBe(current);
    expect(current.unsubscribed).toBe(false);
  });

  it('registers nothing when this browser has no subscription', async () => {
    const { start, server, manager, browser, session, registered } = await setup({ subscribed: false });
    const lookedUp = vi.spyOn(manager, 'getSubscription');
    start();
    // The start's refresh has found no subscription.
    await vi.waitFor(() => expect(lookedUp).toHaveBeenCalledTimes(1));
    // Then one appears and the service worker says so: that later refresh registers it, and it alone.
    await manager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Buffer.from(VAPID_PUBLIC_KEY, 'base64url'),
    });
    browser.post({ type: PUSH_SUBSCRIPTION_CHANGED_MESSAGE });
    await vi.waitFor(async () =>
      expect(await registered()).toEqual([registration(manager, session.getDeviceId())]),
    );
    expect(server.requests.map((r) => r.path)).toEqual(['/api/push/vapid-public-key', '/api/push/subscribe']);
  });

  it('waits for sign-in, then registers', async () => {
    const { manager, session, start, server, registered } = await setup({ signedIn: false });
    start();
    session.setTokens({ token: USER_TOKEN });
    await vi.waitFor(async () =>
      expect(await registered()).toEqual([registration(manager, session.getDeviceId())]),
    );
    // Only the refresh at sign-in asked for the key and registered: the one at start, signed out, did not.
    expect(server.requests.map((r) => r.path)).toEqual(['/api/push/vapid-public-key', '/api/push/subscribe']);
  });

  it("registers the browser's new subscription when the service worker says it changed", async () => {
    const { manager, browser, session, start, registered } = await setup();
    start();
    await vi.waitFor(async () => expect(await registered()).toHaveLength(1));
    await manager.current?.unsubscribe();
    await manager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Buffer.from(VAPID_PUBLIC_KEY, 'base64url'),
    });
    browser.post({ type: PUSH_SUBSCRIPTION_CHANGED_MESSAGE });
    await vi.waitFor(async () => expect(await registered()).toHaveLength(2));
    expect((await registered())[1]).toEqual(registration(manager, session.getDeviceId()));
  });

  it("subscribes again with the server's key when the change left no subscription and notifications are allowed", async () => {
    const { manager, browser, session, start, registered } = await setup({ subscribed: false });
    start();
    browser.post({ type: PUSH_SUBSCRIPTION_CHANGED_MESSAGE });
    await vi.waitFor(async () => expect(await registered()).toHaveLength(1));
    expect(manager.subscribeCalls.map((c) => c.userVisibleOnly)).toEqual([true]);
    expect((await registered())[0]).toEqual(registration(manager, session.getDeviceId()));
  });

  it('tells the service worker message apart from others', () => {
    expect(isSubscriptionChangedMessage({ type: PUSH_SUBSCRIPTION_CHANGED_MESSAGE })).toBe(true);
    expect(isSubscriptionChangedMessage({ type: 'pitclock:navigate' })).toBe(false);
    expect(isSubscriptionChangedMessage(PUSH_SUBSCRIPTION_CHANGED_MESSAGE)).toBe(false);
    expect(isSubscriptionChangedMessage(null)).toBe(false);
  });
});
