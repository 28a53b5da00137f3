// Texts of push notifications (Settings switch, About panel). SPEC.md gives 'Notifications are not supported
// in this browser' (section 8) and that in-app alerts are used where push is unavailable (section 1);
// the rest are ours.
import { NOTIFICATIONS_UNSUPPORTED_TEXT } from '../../lib/notification-permission';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const PUSH_TEXT = {
  switchLabel: 'Push notifications',
  checking: 'Checking this device…',
  on: 'On: step alerts reach this device even while PitClock is closed.',
  off: 'Off: this device alerts only while PitClock is open.',
  turningOn: 'Turning on push notifications',
  turningOff: 'Turning off push notifications',
  unsupported: NOTIFICATIONS_UNSUPPORTED_TEXT,
  inAppInstead: 'In-app alerts are used instead while PitClock is open.',
  blocked:
    "Notifications are blocked for PitClock. Allow them in your browser's site settings, then switch this on again.",
  notAllowed: 'PitClock needs your permission to send notifications. Switch this on again and choose Allow.',
  enableFailed: 'Failed to turn on push notifications',
  disableFailed: 'Failed to turn off push notifications',
  /** The browser turned push off here, but the server could not be told (it forgets a dead subscription itself). */
  serverNotTold: (reason: string) =>
    `Push notifications are off on this device, but the server could not be told: ${reason}`,

  subscriptionsCaption: 'Push subscriptions',
  loadingSubscriptions: 'Loading push subscriptions',
  noSubscriptions: 'No push subscriptions yet.',
  loadFailed: 'Failed to load push subscriptions',
  refresh: 'Refresh',
  columns: {
    device: 'Device',
    origin: 'Push service',
    created: 'Created',
    lastSuccess: 'Last success',
    lastFailure: 'Last failure',
  },
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  never: 'Never',
  sendTest: 'Send test push',
  testFailed: 'Failed to send test push',
  testResult: ({ sent, succeeded, failed }: { sent: number; succeeded: number; failed: number }) =>
    `Sent to ${plural(sent, 'device', 'devices')}: ${succeeded} delivered, ${failed} failed.`,
} as const;
