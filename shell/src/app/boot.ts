import { applyTheme, readThemeChoice } from '@pitclock/design-system';
import { clearInvalidSession } from '../lib/session';
import { pathFromBootHash } from '../lib/url-hash';

/**
 * Before the router starts: '/#/login' (where the HTTP client sends a user whose session ended)
 * opens '/login', a stored token that is no longer valid is cleared (SPEC.md section 4), and the theme
 * chosen in Settings is applied (the public pages too, before the cook-app loads).
 */
export function prepareBoot(): void {
  const target = pathFromBootHash(window.location.pathname, window.location.hash);
  if (target !== null) window.history.replaceState(null, '', target);
  clearInvalidSession();
  applyTheme(readThemeChoice(window.localStorage), document.documentElement);
}
