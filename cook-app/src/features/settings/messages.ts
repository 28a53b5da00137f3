// Texts of the Settings screen (SPEC.md section 2 "Settings": app status, dark mode, notifications, promo
// code, backup and restore, support links, terms, logout; section 1: 'Settings text says data is stored
// locally on the device'; issue 21: units). SPEC.md gives no exact wording for these; the words are ours.
import type { ServiceWorkerStatus } from '../../lib/service-worker-info';
import type { ThemeChoice } from '@pitclock/design-system';
import type { TemperatureUnit, WindUnit } from '../../domain/units';

export const SETTINGS_TEXT = {
  title: 'Settings',

  appStatus: 'App status',
  connection: 'Connection',
  online: 'Online',
  offline: 'Offline',
  offlineHint:
    'PitClock keeps working offline; promo codes, push and backups to the cloud need a connection.',
  serviceWorker: 'Offline support',
  serviceWorkerStatus: {
    none: 'none',
    installing: 'installing',
    waiting: 'waiting',
    active: 'active',
  } satisfies Record<ServiceWorkerStatus, string>,
  serviceWorkerChecking: 'checking…',
  serviceWorkerUnsupported: 'none (this browser has no service workers)',
  scope: (scope: string) => `scope ${scope}`,
  storedLocally: 'Your cook-offs, templates, runs and notes are stored locally on this device.',
  storage: 'Storage used',
  storageOf: (used: string, quota: string, percent: string) => `${used} of ${quota} (${percent})`,
  storageUsedOnly: (used: string) => `${used} (quota unknown)`,
  storageChecking: 'checking…',
  storageUnknown: 'unknown (this browser does not tell)',
  storageFailed: 'could not be read',
  persistence: 'Persistent storage',
  persistent: 'Yes: the browser will not clear PitClock’s data to free space',
  notPersistent: 'No: the browser may clear PitClock’s data when the device runs low on space',
  persistenceUnknown: 'unknown (this browser does not tell)',
  requestPersistence: 'Request persistent storage',
  persistGranted: 'Storage is now persistent.',
  persistRefused:
    'The browser did not make storage persistent. Browsers often grant it once PitClock is installed to the home screen or used regularly.',
  persistFailed: 'Persistent storage could not be requested.',

  darkMode: 'Dark mode',
  themeLegend: 'Theme',
  themes: { light: 'Light', dark: 'Dark', system: 'System' } satisfies Record<ThemeChoice, string>,
  themeSystemHint: (scheme: string) => `System follows your device’s setting (now ${scheme}).`,

  units: 'Units',
  temperature: 'Temperature',
  temperatureUnits: { fahrenheit: 'Fahrenheit (°F)', celsius: 'Celsius (°C)' } satisfies Record<
    TemperatureUnit,
    string
  >,
  windSpeed: 'Wind speed',
  windUnits: { mph: 'mph', kmh: 'km/h' } satisfies Record<WindUnit, string>,
  unitsHint: (locale: string, temperature: string, wind: string) =>
    `Kept with your account on all your devices. Until you choose, PitClock follows this device’s language (${locale}): ${temperature} and ${wind}.`,

  notifications: 'Notifications',

  promo: 'Promo code',
  promoText: 'Redeem a promo code to unlock starting cook-offs on this device.',
  promoLink: 'Enter a promo code',

  backup: 'Backup and restore',

  support: 'Support',
  supportText: 'Questions, problems or ideas? Write to us.',
  emailSupport: 'Email support',
  supportSubject: 'PitClock support',
  help: 'Help',
  helpExternal: 'Help (opens in a new tab)',

  legal: 'Terms and privacy',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',

  account: 'Account',
  logout: 'Log out',
  logoutText: 'Signs you out of PitClock on this device.',
  logoutTitle: 'Log out of PitClock?',
  logoutMessage: 'You will need to sign in again to use PitClock.',
  logoutStays:
    'What stays on this device: this account’s cook-offs, templates, runs and notes, kept for its next sign-in. Another account signing in here does not see them.',
  removeData: 'Remove this account’s data from this device',
  removeDataUnsynced: (changes: number) =>
    `Not everything is synced yet: ${changes} ${changes === 1 ? 'change exists' : 'changes exist'} only on this device.`,
  removeDataNoSync: 'This device’s copy is the only copy: make a backup first.',
  logoutCancel: 'Cancel',
} as const;
