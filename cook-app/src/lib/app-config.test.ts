import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_HELP_URL,
  DEFAULT_SUPPORT_EMAIL,
  getHelpLink,
  getSupportEmail,
  HELP_URL_GLOBAL,
  mailtoHref,
  SUPPORT_EMAIL_GLOBAL,
} from './app-config';

const scope = globalThis as Record<string, unknown>;
afterEach(() => {
  delete scope[SUPPORT_EMAIL_GLOBAL];
  delete scope[HELP_URL_GLOBAL];
});

describe('support e-mail from configuration', () => {
  it('is the configured address when the page sets __PITCLOCK_SUPPORT_EMAIL__', () => {
    scope[SUPPORT_EMAIL_GLOBAL] = '  team@smokehouse.example ';
    expect(getSupportEmail()).toBe('team@smokehouse.example');
  });

  it.each([undefined, '', '   ', 'not an address', 42])('falls back to the default for %j', (value) => {
    scope[SUPPORT_EMAIL_GLOBAL] = value;
    expect(getSupportEmail()).toBe(DEFAULT_SUPPORT_EMAIL);
  });

  it('builds a mailto link with an encoded subject', () => {
    expect(mailtoHref('a@b.co')).toBe('mailto:a@b.co');
    expect(mailtoHref('a@b.co', 'PitClock support')).toBe('mailto:a@b.co?subject=PitClock%20support');
  });
});

describe('help link from configuration', () => {
  it('an http(s) address opens outside the app', () => {
    scope[HELP_URL_GLOBAL] = 'https://help.example.com/pitclock';
    expect(getHelpLink()).toEqual({ href: 'https://help.example.com/pitclock', external: true });
  });

  it('an in-app path stays inside', () => {
    scope[HELP_URL_GLOBAL] = '/about';
    expect(getHelpLink()).toEqual({ href: '/about', external: false });
  });

  it.each([undefined, '', 'javascript:alert(1)', '//evil.example', 'ftp://x'])(
    'falls back to the welcome guide for %j',
    (value) => {
      scope[HELP_URL_GLOBAL] = value;
      expect(getHelpLink()).toEqual({ href: DEFAULT_HELP_URL, external: false });
    },
  );
});
