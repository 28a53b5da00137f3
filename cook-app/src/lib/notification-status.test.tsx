import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readAlertPreferences } from './alert-preferences';
import { NotificationStatus } from './notification-status';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  // As a browser does: the answer becomes the permission.
  const Notification = {
    permission,
    requestPermission: vi.fn(async () => {
      Notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', Notification);
  return Notification;
}

describe('NotificationStatus', () => {
  it.each([
    ['granted', 'enabled'],
    ['denied', 'blocked'],
    ['default', 'not enabled'],
  ] as const)('shows %s permission as %s', (permission, label) => {
    stubNotification(permission);
    render(<NotificationStatus />);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('asks the browser once Enable notifications is pressed, and shows the answer', async () => {
    const Notification = stubNotification('default', 'granted');
    render(<NotificationStatus />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('enabled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enable notifications' })).toBeNull();
  });

  it("says 'Notifications are not supported in this browser' without the Notification API", () => {
    vi.stubGlobal('Notification', undefined);
    render(<NotificationStatus />);
    expect(screen.getByText('unsupported')).toBeTruthy();
    expect(screen.getByText('Notifications are not supported in this browser')).toBeTruthy();
  });

  it('keeps the alert preferences: title flash on and sound off by default, each switch stored', async () => {
    stubNotification('granted');
    render(<NotificationStatus />);
    const flash = screen.getByRole('switch', { name: 'Flash the tab title' });
    const sound = screen.getByRole('switch', { name: 'Alert sound' });
    expect(flash.getAttribute('aria-checked')).toBe('true');
    expect(sound.getAttribute('aria-checked')).toBe('false');
    const user = userEvent.setup();
    await user.click(sound);
    await user.click(flash);
    expect(readAlertPreferences()).toEqual({ titleFlash: false, sound: true, keepScreenOn: true });
    expect(sound.getAttribute('aria-checked')).toBe('true');
  });
});
