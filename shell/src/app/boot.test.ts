import { afterEach, describe, expect, it } from 'vitest';
import { writeThemeChoice } from '@pitclock/design-system';
import { prepareBoot } from './boot';

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  window.history.replaceState(null, '', '/');
});

describe('prepareBoot', () => {
  it('applies the theme chosen in Settings before anything renders', () => {
    writeThemeChoice(localStorage, 'dark');
    prepareBoot();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('leaves the system theme to the stylesheet when nothing was chosen', () => {
    prepareBoot();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it("opens '/login' for the HTTP client's '/#/login'", () => {
    window.history.replaceState(null, '', '/#/login');
    prepareBoot();
    expect(window.location.pathname).toBe('/login');
  });
});
