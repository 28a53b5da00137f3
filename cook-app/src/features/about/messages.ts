// Texts of the About screen (SPEC.md section 2 "About and diagnostics": onboarding reset, notification
// testing, backend version, service-worker info, push subscriptions, test push; issue 8 brings push).
export const ABOUT_TEXT = {
  title: 'About',
  push: 'Push notifications',
} as const;
