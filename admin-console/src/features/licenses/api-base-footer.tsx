import { API_BASE_GLOBAL, getApiBase } from '@pitclock/contracts';
import { LICENSES_TEXT as T } from './messages';

/** The configured global API base, or 'same-origin' when none is set (SPEC.md sections 2 and 7). */
export function apiBaseText(): string {
  const configured = (globalThis as Record<string, unknown>)[API_BASE_GLOBAL];
  return typeof configured === 'string' && configured.trim() !== '' ? getApiBase() : T.sameOrigin;
}

export function ApiBaseFooter() {
  return (
    <footer className="admin-licenses__footer">
      {T.apiBase}: <code>{apiBaseText()}</code>
    </footer>
  );
}
