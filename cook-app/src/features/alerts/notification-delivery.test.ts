import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertNotice } from './alert-engine';
import { browserNotificationDelivery } from './notification-delivery';

const notice: AlertNotice = {
  title: 'PitClock - Wrap',
  options: {
    body: 'Due now · Brisket · due 17:00',
    tag: 'pitclock-step-alert',
    requireInteraction: true,
    actions: [
      { action: 'view', title: 'View Contest' },
      { action: 'dismiss', title: 'Dismiss' },
    ],
    data: { url: '/contests/c1/runs/r1/steps', stepId: 's1', runId: 'r1', contestId: 'c1' },
  },
};

function withServiceWorker(ready: Promise<unknown>) {
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready }, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('browserNotificationDelivery', () => {
  it('when permission is granted shows the notification through the service worker registration with the notice title and options', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    const showNotification = vi.fn(async () => undefined);
    withServiceWorker(Promise.resolve({ showNotification }));
    expect(await browserNotificationDelivery().deliver(notice)).toBe(true);
    expect(showNotification).toHaveBeenCalledExactlyOnceWith('PitClock - Wrap', notice.options);
  });

  it.each(['default', 'denied'])(
    'when permission is %s answers false without showing anything',
    async (permission) => {
      vi.stubGlobal('Notification', { permission });
      const showNotification = vi.fn();
      withServiceWorker(Promise.resolve({ showNotification }));
      expect(await browserNotificationDelivery().deliver(notice)).toBe(false);
      expect(showNotification).not.toHaveBeenCalled();
    },
  );

  it('when the browser has no Notification API answers false', async () => {
    expect(typeof Notification).toBe('undefined');
    expect(await browserNotificationDelivery().deliver(notice)).toBe(false);
  });

  it('when no service worker is ready within the timeout answers false', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Notification', { permission: 'granted' });
    withServiceWorker(new Promise(() => undefined));
    const answer = browserNotificationDelivery(2000).deliver(notice);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await answer).toBe(false);
  });

  it('when showNotification fails answers false (the in-app fallback takes over)', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    withServiceWorker(
      Promise.resolve({ showNotification: vi.fn(async () => Promise.reject(new TypeError('no'))) }),
    );
    expect(await browserNotificationDelivery().deliver(notice)).toBe(false);
  });
});
