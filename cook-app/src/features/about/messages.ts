// Texts of the About screen (SPEC.md section 2 "About and diagnostics": onboarding reset, notification
// testing, backend version, service-worker info, push subscriptions, test push). SPEC.md gives
// 'Notifications are not supported in this browser' (section 8) and the notification title prefix (the
// product name and a dash, section 9); the rest are ours.
import { PRODUCT_NAME } from '../../domain';
import type { ServiceWorkerStatus } from '../../lib/service-worker-info';

export const ABOUT_TEXT = {
  title: 'About',
  welcome: 'Welcome guide',
  push: 'Push notifications',

  notificationTest: 'Notification test',
  notificationTestText:
    'Shows a notification on this device now, the way step alerts appear, without waiting for a step.',
  permission: 'Permission',
  sendTest: 'Send a test notification',
  enable: 'Enable notifications',
  testTitle: `${PRODUCT_NAME} - Test notification`,
  testBody: 'Notifications work on this device.',
  testTag: 'pitclock-test-local',
  testSent:
    'Test notification sent. If it did not appear, check the notification settings of this device (Do Not Disturb, Focus) and of the browser.',
  testBlocked:
    "Notifications are blocked for PitClock, so no test notification can be shown. Allow them in your browser's site settings, then try again. Until then, in-app alerts are used while PitClock is open.",
  testNotAllowed:
    'PitClock has not been allowed to show notifications yet. Choose Enable notifications and then Allow, then try again.',
  testInAppInstead: 'In-app alerts are used instead while PitClock is open.',
  testNoServiceWorker:
    'No service worker runs on this page, so the test notification cannot be shown. Open PitClock once while online, reload, then try again.',
  testFailed: (reason: string) => `The test notification could not be shown: ${reason}`,

  backendVersion: 'Backend version',
  backendLoading: 'Loading backend version',
  backendFailed: 'Failed to load the backend version',
  backendService: (service: string) => `service ${service}`,
  backendCommit: (commit: string) => `commit ${commit}`,

  buildVersion: 'Build version',
  buildLoading: 'Loading build version',
  buildFailed: 'Failed to load the build version',
  version: 'Version',
  builtAt: 'Built',

  retry: 'Try again',

  serviceWorker: 'Service worker',
  swState: 'State',
  swStatus: {
    none: 'none',
    installing: 'installing',
    waiting: 'waiting',
    active: 'active',
  } satisfies Record<ServiceWorkerStatus, string>,
  swWorkerState: (state: string) => `(${state})`,
  swChecking: 'checking…',
  swUnsupported: 'none (this browser has no service workers)',
  swScope: 'Scope',
  swScript: 'Script URL',
  swControls: 'Controls this page',
  yes: 'Yes',
  no: 'No',
  none: '—',
} as const;
