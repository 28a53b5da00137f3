// Texts of the Settings screen (SPEC.md section 2 "Settings": app status, dark mode, notifications, promo
// code, backup and restore, support links, terms, logout; issue 8 brings notifications).
export const SETTINGS_TEXT = {
  title: 'Settings',
  notifications: 'Notifications',
} as const;
