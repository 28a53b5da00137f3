// Delivery of an alert as a native notification through the service worker registration, behind a small
// interface so tests can pass a recorder. The in-app fallback is the AlertCenter's job when this answers
// false.
import type { AlertNotice } from './alert-engine';

export interface NotificationDelivery {
  /** Shows the notice natively; resolves true when shown, false when the in-app fallback must be used. */
  deliver(notice: AlertNotice): Promise<boolean>;
}

/** How long to wait for navigator.serviceWorker.ready before falling back. */
export const SERVICE_WORKER_READY_TIMEOUT_MS = 2_000;

type Registration = Pick<ServiceWorkerRegistration, 'showNotification'>;

function readyRegistration(timeoutMs: number): Promise<Registration | null> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    container.ready.then(
      (registration) => {
        clearTimeout(timer);
        resolve(registration);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** The permission, or 'unsupported' when the browser has no Notification API. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return Notification.permission;
  } catch {
    return 'unsupported';
  }
}

/**
 * The real one: registration.showNotification when permission is 'granted' and a service worker
 * registration is ready within `readyTimeoutMs`; false otherwise (default, denied, unsupported, no
 * worker, or showNotification failing).
 */
export function browserNotificationDelivery(
  readyTimeoutMs: number = SERVICE_WORKER_READY_TIMEOUT_MS,
): NotificationDelivery {
  return {
    async deliver(notice) {
      if (notificationPermission() !== 'granted') return false;
      const registration = await readyRegistration(readyTimeoutMs);
      if (!registration) return false;
      try {
        // `actions` and `requireInteraction` are service-worker notification options.
        await registration.showNotification(notice.title, notice.options as NotificationOptions);
        return true;
      } catch {
        return false;
      }
    },
  };
}
