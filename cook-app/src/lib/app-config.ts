// Deployment configuration of the cook-app read from page globals, the way contracts reads the API base
// (globalThis.__PITCLOCK_API_BASE__): index.html, or a script the host serves before the app, may set
//
//   globalThis.__PITCLOCK_SUPPORT_EMAIL__ = 'help@example.com'; // Settings' support link, the terms' contact
//   globalThis.__PITCLOCK_HELP_URL__ = 'https://example.com/pitclock-help'; // Settings' help link
//
// Each is read at call time; a missing, empty or malformed value falls back to the default below.

import { EMAIL_PATTERN } from '@pitclock/contracts';

/** Name of the page global with the support and contact e-mail address. */
export const SUPPORT_EMAIL_GLOBAL = '__PITCLOCK_SUPPORT_EMAIL__';
/** The address used when none is configured. */
export const DEFAULT_SUPPORT_EMAIL = 'support@pitclock.app';

/** Name of the page global with the help page's address (http(s) URL or an in-app path). */
export const HELP_URL_GLOBAL = '__PITCLOCK_HELP_URL__';
/** The in-app help used when none is configured: the welcome guide over Cook-offs (features/onboarding). */
export const DEFAULT_HELP_URL = '/contests?welcome=1';

function readGlobal(name: string): string | null {
  const value = (globalThis as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The configured support e-mail address, else DEFAULT_SUPPORT_EMAIL. */
export function getSupportEmail(): string {
  const configured = readGlobal(SUPPORT_EMAIL_GLOBAL);
  return configured !== null && EMAIL_PATTERN.test(configured) ? configured : DEFAULT_SUPPORT_EMAIL;
}

/** A mailto: link to `email`, with an optional subject. */
export function mailtoHref(email: string, subject?: string): string {
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

export type HelpLink = { href: string; external: boolean };

/** The configured help page (an http(s) URL opens outside the app, a '/path' inside), else the welcome guide. */
export function getHelpLink(): HelpLink {
  const configured = readGlobal(HELP_URL_GLOBAL);
  if (configured !== null && /^https?:\/\//i.test(configured)) return { href: configured, external: true };
  if (configured !== null && configured.startsWith('/') && !configured.startsWith('//'))
    return { href: configured, external: false };
  return { href: DEFAULT_HELP_URL, external: false };
}
