import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@pitclock/contracts';
import { held } from '@pitclock/contracts/testing';
import { PUSH_TEXT } from './messages';
import type { PushManagerLike } from './push-browser';
import { PushProvider } from './push-context';
import { PushNotificationsSwitch } from './push-notifications-switch';
import { SUBSCRIPTION_KEY } from './subscription-refresh';
import {
  fakePushBrowser,
  fakePushManager,
  pointApiAtClosedPort,
  startApi,
  testClient,
  testOutbox,
  USER_TOKEN,
  VAPID_PUBLIC_KEY,
  type Reply,
} from './test-support';

beforeEach(() => {
  session.setTokens({ token: USER_TOKEN });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** window.Notification whose permission the test sets, and whose prompt answers `answer`. */
function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const fake = {
    permission,
    requestPermission: vi.fn(async () => {
      fake.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', fake);
  return fake;
}

/** The notifier behind the app's `api`: its key, and `onSubscribe` for push/subscribe (default 201). */
function notifier(onSubscribe: () => Reply | Promise<Reply> = () => ({ status: 201, json: {} })) {
  return startApi((req) =>
    req.path === '/api/push/vapid-public-key' ? { json: { public_key: VAPID_PUBLIC_KEY } } : onSubscribe(),
  );
}

function renderSwitch(manager: PushManagerLike | null) {
  // Offline: what the switch leaves in the outbox stays there to be looked at.
  const { outbox } = testOutbox({ client: testClient(session), session, isOnline: () => false });
  const user = userEvent.setup();
  render(
    <PushProvider value={{ browser: fakePushBrowser(manager), outbox }}>
      <PushNotificationsSwitch />
    </PushProvider>,
  );
  return { user, outbox };
}

const theSwitch = () => screen.getByRole('switch', { name: PUSH_TEXT.switchLabel });
const isOn = () => theSwitch().getAttribute('aria-checked') === 'true';
const settled = () => waitFor(() => expect(theSwitch().hasAttribute('disabled')).toBe(false));

describe('PushNotificationsSwitch', () => {
  it('says notifications are not supported, and that in-app alerts are used, where the browser has no push', async () => {
    stubNotification('default');
    renderSwitch(null);
    expect(await screen.findByText('Notifications are not supported in this browser')).toBeTruthy();
    expect(screen.getByText(PUSH_TEXT.inAppInstead)).toBeTruthy();
    expect(theSwitch().hasAttribute('disabled')).toBe(true);
    expect(isOn()).toBe(false);
  });

  it('is unsupported too where the browser has push but no Notification API', async () => {
    renderSwitch(fakePushManager());
    expect(await screen.findByText('Notifications are not supported in this browser')).toBeTruthy();
  });

  it('asks for permission, subscribes and registers the subscription when switched on', async () => {
    const Notification = stubNotification('default', 'granted');
    const server = await notifier();
    const manager = fakePushManager();
    const { user, outbox } = renderSwitch(manager);
    await settled();
    expect(isOn()).toBe(false);
    expect(screen.getByText(PUSH_TEXT.off)).toBeTruthy();
    outbox.enqueue({ key: SUBSCRIPTION_KEY, method: 'POST', path: 'push/subscribe', body: { stale: true } });

    await user.click(theSwitch());
    await waitFor(() => expect(isOn()).toBe(true));
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.getByText(PUSH_TEXT.on)).toBeTruthy();
    const json = manager.current?.toJSON();
    expect(server.on('/api/push/subscribe').map((r) => [r.method, r.json])).toEqual([
      [
        'POST',
        { subscription: { endpoint: json?.endpoint, keys: json?.keys }, device_id: session.getDeviceId() },
      ],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(outbox.entries()).toEqual([]); // the stale queued registration is gone
  });

  it('is a keyboard switch: Space turns it on', async () => {
    stubNotification('granted');
    await notifier();
    const { user } = renderSwitch(fakePushManager());
    await settled();
    await user.tab();
    expect(document.activeElement).toBe(theSwitch());
    await user.keyboard(' ');
    await waitFor(() => expect(isOn()).toBe(true));
  });

  it('shows that it is working, and ignores a second press meanwhile', async () => {
    stubNotification('granted');
    const subscribe = held({ status: 201, json: {} });
    await notifier(() => subscribe.reply);
    const manager = fakePushManager();
    const { user } = renderSwitch(manager);
    await settled();
    await user.click(theSwitch());
    expect(await screen.findByText(PUSH_TEXT.turningOn)).toBeTruthy();
    expect(theSwitch().getAttribute('aria-busy')).toBe('true');
    await user.click(theSwitch());
    subscribe.release();
    await waitFor(() => expect(isOn()).toBe(true));
    expect(manager.subscribeCalls).toHaveLength(1);
    expect(theSwitch().getAttribute('aria-busy')).toBeNull();
  });

  it('explains a blocked permission and subscribes nothing', async () => {
    stubNotification('denied');
    const server = await notifier();
    const manager = fakePushManager();
    const { user } = renderSwitch(manager);
    await settled();
    await user.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_TEXT.blocked);
    expect(isOn()).toBe(false);
    expect(manager.subscribeCalls).toHaveLength(0);
    expect(server.requests).toHaveLength(0);
  });

  it('explains a prompt that was dismissed without an answer', async () => {
    stubNotification('default', 'default');
    await notifier();
    const { user } = renderSwitch(fakePushManager());
    await settled();
    await user.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_TEXT.notAllowed);
    expect(isOn()).toBe(false);
  });

  it("shows the server's message when it refuses the subscription, and stays off on both sides", async () => {
    stubNotification('granted');
    await notifier(() => ({
      status: 400,
      json: { error: 'bad_request', message: 'The subscription endpoint is not a known push service' },
    }));
    const manager = fakePushManager();
    const { user } = renderSwitch(manager);
    await settled();
    await user.click(theSwitch());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The subscription endpoint is not a known push service');
    expect(theSwitch().getAttribute('aria-describedby')).toContain(alert.id);
    expect(isOn()).toBe(false);
    expect(manager.current).toBeNull();
  });

  it('shows the network failure when the server cannot be reached', async () => {
    stubNotification('granted');
    await pointApiAtClosedPort();
    const { user } = renderSwitch(fakePushManager());
    await settled();
    await user.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe('Network Error');
    expect(isOn()).toBe(false);
  });

  it('shows on for a subscribed device, and switched off drops the subscription on both sides', async () => {
    stubNotification('granted');
    const server = await notifier(() => ({ status: 204 }));
    const manager = fakePushManager({ subscribedWith: VAPID_PUBLIC_KEY });
    const subscription = manager.current;
    const { user, outbox } = renderSwitch(manager);
    await waitFor(() => expect(isOn()).toBe(true));
    // A registration still queued from app start must not bring the subscription back.
    outbox.enqueue({ key: SUBSCRIPTION_KEY, method: 'POST', path: 'push/subscribe', body: {} });

    await user.click(theSwitch());
    await waitFor(() => expect(isOn()).toBe(false));
    expect(subscription?.unsubscribed).toBe(true);
    expect(server.on('/api/push/subscribe').map((r) => [r.method, r.json])).toEqual([
      ['DELETE', { endpoint: subscription?.endpoint }],
    ]);
    expect(outbox.entries()).toEqual([]);
  });

  it('switched off while the server is down: off on this device, and says the server could not be told', async () => {
    stubNotification('granted');
    await notifier(() => ({ status: 503, json: { error: 'unavailable', message: 'Try again later' } }));
    const manager = fakePushManager({ subscribedWith: VAPID_PUBLIC_KEY });
    const { user } = renderSwitch(manager);
    await waitFor(() => expect(isOn()).toBe(true));
    await user.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_TEXT.serverNotTold('Try again later'));
    expect(isOn()).toBe(false);
    expect(manager.current).toBeNull();
  });
});
