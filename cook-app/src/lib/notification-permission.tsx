// Notification permission of this device (SPEC.md section 4 "Notification permission", section 8
// "Notifications unsupported"): default, granted or denied as the browser says, or unsupported when the
// browser has no Notification API. Shown as enabled, blocked, not enabled or unsupported, and re-polled
// every second (the user may change it in the browser's site settings at any time). On iPhone and iPad
// the API exists only in a web app added to the Home Screen: there the hint says how to install first.
import { useCallback, useEffect, useState } from 'react';

export type NotificationPermissionState = 'default' | 'granted' | 'denied' | 'unsupported';

/** SPEC.md section 8 "Notifications unsupported". */
export const NOTIFICATIONS_UNSUPPORTED_TEXT = 'Notifications are not supported in this browser';

/** Shown on iOS when PitClock runs in the browser, not as a Home Screen app (SPEC.md section 4). */
export const IOS_INSTALL_HINT =
  'On iPhone and iPad, add PitClock to your Home Screen (Share, then Add to Home Screen) to get notifications.';

/** How often the permission is read again (SPEC.md section 4: every second). */
export const PERMISSION_POLL_MS = 1000;

const LABELS: Record<NotificationPermissionState, string> = {
  granted: 'enabled',
  denied: 'blocked',
  default: 'not enabled',
  unsupported: 'unsupported',
};

/** The permission now; 'unsupported' when window.Notification is missing. Never throws. */
export function readNotificationPermission(): NotificationPermissionState {
  try {
    if (typeof window === 'undefined' || typeof window.Notification === 'undefined') return 'unsupported';
    const permission = window.Notification.permission;
    return permission === 'granted' || permission === 'denied' ? permission : 'default';
  } catch {
    return 'unsupported';
  }
}

/** The user-facing word of a permission: enabled, blocked, not enabled or unsupported. */
export function permissionLabel(permission: NotificationPermissionState): string {
  return LABELS[permission];
}

/**
 * Whether a browser agent is iOS or iPadOS. iPadOS 13+ reports a Macintosh agent: pass
 * navigator.maxTouchPoints to tell it from a Mac (a Mac has no touch screen).
 */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

/** Whether the app runs installed (Home Screen / standalone window), not in a browser tab. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  if ((window.navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

/** Whether notifications need PitClock added to the Home Screen first (iOS, running in the browser). */
export function needsHomeScreenInstall(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isIos(navigator.userAgent, navigator.maxTouchPoints ?? 0) && !isStandalone();
}

/**
 * The sentence to show beside the permission, or null when there is nothing to explain: on iOS in the
 * browser the Home Screen hint (the API appears only once installed), else when unsupported
 * 'Notifications are not supported in this browser'.
 */
export function notificationSupportText(
  permission: NotificationPermissionState,
  homeScreenInstallNeeded: boolean = needsHomeScreenInstall(),
): string | null {
  if (homeScreenInstallNeeded && permission !== 'granted') return IOS_INSTALL_HINT;
  return permission === 'unsupported' ? NOTIFICATIONS_UNSUPPORTED_TEXT : null;
}

/**
 * Asks the browser for permission (must run from a user gesture, e.g. a button's click). Works with
 * the promise form and the old callback form (Safari before 15); answers the permission read afterwards,
 * so a failure, a dismissed prompt or a missing API never throws.
 */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  if (readNotificationPermission() === 'unsupported') return 'unsupported';
  try {
    await new Promise<void>((resolve) => {
      // Old Safari answers undefined (the callback form), whatever the DOM types say.
      const answer: Promise<NotificationPermission> | undefined = window.Notification.requestPermission(() =>
        resolve(),
      );
      if (answer !== undefined && typeof answer.then === 'function')
        answer.then(
          () => resolve(),
          () => resolve(),
        );
    });
  } catch {
    // An unsupported call or a refused prompt: the permission read below tells what holds.
  }
  return readNotificationPermission();
}

export type NotificationPermissionView = {
  permission: NotificationPermissionState;
  /** enabled, blocked, not enabled or unsupported. */
  label: string;
  /** IOS_INSTALL_HINT, NOTIFICATIONS_UNSUPPORTED_TEXT or null (see notificationSupportText). */
  supportText: string | null;
  /** Asks for permission (call from a click); answers the permission afterwards. */
  request: () => Promise<NotificationPermissionState>;
};

/** The permission of this device, read again every second (SPEC.md section 4). */
export function useNotificationPermission({
  pollMs = PERMISSION_POLL_MS,
}: { pollMs?: number } = {}): NotificationPermissionView {
  const [permission, setPermission] = useState(readNotificationPermission);

  useEffect(() => {
    const timer = setInterval(() => setPermission(readNotificationPermission()), pollMs);
    return () => clearInterval(timer);
  }, [pollMs]);

  const request = useCallback(async () => {
    const next = await requestNotificationPermission();
    setPermission(next);
    return next;
  }, []);

  return {
    permission,
    label: permissionLabel(permission),
    supportText: notificationSupportText(permission),
    request,
  };
}
