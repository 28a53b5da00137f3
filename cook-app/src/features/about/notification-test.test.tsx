import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATIONS_UNSUPPORTED_TEXT } from '../../lib/notification-permission';
import { activeServiceWorker, FakeContainer } from '../../lib/service-worker-info.test-support';
import { ABOUT_TEXT } from './messages';
import { NotificationTest } from './notification-test';

afterEach(() => {
  vi.unstubAllGlobals();
});

function permission(value: NotificationPermission, requestPermission = vi.fn(async () => value)) {
  const api = { permission: value, requestPermission };
  vi.stubGlobal('Notification', api);
  return api;
}

async function renderTest(container: FakeContainer) {
  const user = userEvent.setup();
  render(<NotificationTest serviceWorker={container} />);
  // The registration is looked up (asynchronously) before the button can use it.
  await act(async () => {});
  return { user, send: () => user.click(screen.getByRole('button', { name: 'Send a test notification' })) };
}

const outcome = () => screen.getByTestId('notification-test-outcome').textContent;

describe('Notification test', () => {
  it('permission granted: shows a local notification through the service worker registration', async () => {
    permission('granted');
    const { container, registration } = activeServiceWorker();
    const { send } = await renderTest(container);
    expect(screen.getByText('enabled')).toBeTruthy();
    await send();
    expect(registration.shown).toHaveLength(1);
    expect(registration.shown[0]).toEqual({
      title: 'PitClock - Test notification',
      options: { body: 'Notifications work on this device.', tag: 'pitclock-test-local' },
    });
    expect(outcome()).toBe(ABOUT_TEXT.testSent);
    expect(screen.getByRole('status').textContent).toBe(ABOUT_TEXT.testSent);
  });

  it('permission granted but no service worker: explains why no notification can be shown', async () => {
    permission('granted');
    const { send } = await renderTest(new FakeContainer(null));
    await send();
    expect(outcome()).toBe(ABOUT_TEXT.testNoServiceWorker);
  });

  it('blocked: explains in the app instead of showing a notification', async () => {
    permission('denied');
    const { container, registration } = activeServiceWorker();
    const { send } = await renderTest(container);
    await send();
    expect(outcome()).toBe(ABOUT_TEXT.testBlocked);
    expect(registration.shown).toHaveLength(0);
    expect(screen.getByText('blocked')).toBeTruthy();
  });

  it('not asked yet: explains, and Enable notifications asks the browser', async () => {
    const api = permission('default');
    const { container, registration } = activeServiceWorker();
    const { user, send } = await renderTest(container);
    await send();
    expect(outcome()).toBe(ABOUT_TEXT.testNotAllowed);
    expect(registration.shown).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(api.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('unsupported: says notifications are not supported and in-app alerts are used', async () => {
    // jsdom has no Notification API.
    const { send } = await renderTest(new FakeContainer(null));
    await send();
    expect(outcome()).toBe(`${NOTIFICATIONS_UNSUPPORTED_TEXT} ${ABOUT_TEXT.testInAppInstead}`);
  });

  it('a failing showNotification is reported as an alert', async () => {
    permission('granted');
    const { container, registration } = activeServiceWorker();
    registration.failShow = new TypeError('No active registration');
    const { send } = await renderTest(container);
    await send();
    expect(screen.getByRole('alert').textContent).toBe(ABOUT_TEXT.testFailed('No active registration'));
  });
});
