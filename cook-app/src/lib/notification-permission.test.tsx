import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  IOS_INSTALL_HINT,
  isIos,
  isStandalone,
  NOTIFICATIONS_UNSUPPORTED_TEXT,
  notificationSupportText,
  permissionLabel,
  readNotificationPermission,
  requestNotificationPermission,
  useNotificationPermission,
} from './notification-permission';

/** A stand-in for window.Notification whose permission the test sets, and whose prompt answers `answer`. */
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

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('readNotificationPermission and permissionLabel', () => {
  it('is unsupported when window.Notification is missing (jsdom has none)', () => {
    expect('Notification' in window).toBe(false);
    expect(readNotificationPermission()).toBe('unsupported');
  });

  it('reads default, granted and denied from window.Notification.permission', () => {
    for (const permission of ['default', 'granted', 'denied'] as const) {
      stubNotification(permission);
      expect(readNotificationPermission()).toBe(permission);
    }
  });

  it('labels granted enabled, denied blocked, default not enabled and unsupported unsupported', () => {
    expect(permissionLabel('granted')).toBe('enabled');
    expect(permissionLabel('denied')).toBe('blocked');
    expect(permissionLabel('default')).toBe('not enabled');
    expect(permissionLabel('unsupported')).toBe('unsupported');
  });
});

describe('requestNotificationPermission', () => {
  it('asks the browser and answers the permission afterwards', async () => {
    const fake = stubNotification('default', 'granted');
    expect(await requestNotificationPermission()).toBe('granted');
    expect(fake.requestPermission).toHaveBeenCalledOnce();
  });

  it('answers unsupported without a Notification API, and never throws when the prompt fails', async () => {
    expect(await requestNotificationPermission()).toBe('unsupported');
    vi.stubGlobal('Notification', {
      permission: 'default',
      requestPermission: () => {
        throw new TypeError('not allowed');
      },
    });
    expect(await requestNotificationPermission()).toBe('default');
  });

  it('works with the old callback-only form (no promise returned)', async () => {
    const fake = {
      permission: 'default' as NotificationPermission,
      requestPermission: (done: (p: NotificationPermission) => void) => {
        fake.permission = 'denied';
        setTimeout(() => done('denied'), 0);
        return undefined;
      },
    };
    vi.stubGlobal('Notification', fake);
    expect(await requestNotificationPermission()).toBe('denied');
  });
});

describe('useNotificationPermission', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('re-polls every second: a permission changed in the browser shows within one second', () => {
    const fake = stubNotification('default');
    const { result } = renderHook(() => useNotificationPermission());
    expect(result.current.permission).toBe('default');
    expect(result.current.label).toBe('not enabled');

    fake.permission = 'denied';
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current.permission).toBe('default');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.permission).toBe('denied');
    expect(result.current.label).toBe('blocked');
  });

  it('request() asks the browser and shows the answer at once', async () => {
    const fake = stubNotification('default', 'granted');
    const { result } = renderHook(() => useNotificationPermission());
    let answer: string | undefined;
    await act(async () => {
      answer = await result.current.request();
    });
    expect(fake.requestPermission).toHaveBeenCalledOnce();
    expect(answer).toBe('granted');
    expect(result.current.permission).toBe('granted');
    expect(result.current.label).toBe('enabled');
    expect(result.current.supportText).toBeNull();
  });

  it('without a Notification API says unsupported with the unsupported text, and request() asks nothing', async () => {
    const { result } = renderHook(() => useNotificationPermission());
    expect(result.current.permission).toBe('unsupported');
    expect(result.current.label).toBe('unsupported');
    expect(result.current.supportText).toBe(NOTIFICATIONS_UNSUPPORTED_TEXT);
    expect(NOTIFICATIONS_UNSUPPORTED_TEXT).toBe('Notifications are not supported in this browser');
    await act(async () => {
      expect(await result.current.request()).toBe('unsupported');
    });
  });

  it('stops polling when unmounted', () => {
    stubNotification('default');
    const { unmount } = renderHook(() => useNotificationPermission());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('iOS', () => {
  it('isIos recognises iPhone and an iPad that reports a Mac agent with touch, not a Mac or Android', () => {
    expect(isIos(IPHONE)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 5)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 0)).toBe(false);
    expect(isIos(ANDROID, 5)).toBe(false);
  });

  it('isStandalone from navigator.standalone or the display-mode: standalone media query', () => {
    expect(isStandalone()).toBe(false);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    expect(isStandalone()).toBe(true);
    vi.unstubAllGlobals();
    Object.defineProperty(window.navigator, 'standalone', { value: true, configurable: true });
    try {
      expect(isStandalone()).toBe(true);
    } finally {
      delete (window.navigator as Navigator & { standalone?: boolean }).standalone;
    }
  });

  it('in the iOS browser the hint says to add PitClock to the Home Screen first', () => {
    expect(notificationSupportText('unsupported', true)).toBe(IOS_INSTALL_HINT);
    expect(notificationSupportText('default', true)).toBe(IOS_INSTALL_HINT);
    expect(notificationSupportText('granted', true)).toBeNull();
    expect(notificationSupportText('unsupported', false)).toBe(NOTIFICATIONS_UNSUPPORTED_TEXT);
    expect(notificationSupportText('denied', false)).toBeNull();
  });

  it('the hook shows the Home Screen hint on an iPhone running in the browser', () => {
    vi.stubGlobal('navigator', { ...window.navigator, userAgent: IPHONE, maxTouchPoints: 5 });
    const { result } = renderHook(() => useNotificationPermission());
    expect(result.current.permission).toBe('unsupported');
    expect(result.current.supportText).toBe(IOS_INSTALL_HINT);
  });
});
