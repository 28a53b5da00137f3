import type { MouseEvent } from 'react';
import { MAIN_CONTENT_ID } from '../../lib/main-content';

export const SKIP_LINK_TEXT = 'Skip to content';

/**
 * Moves the focus to the page's main content (made focusable for it) and scrolls there. By script,
 * not by the #fragment: the URL's hash mirrors the route (SPEC.md section 2) and must not change.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
  main.scrollIntoView?.({ block: 'start' });
}

/** 'Skip to content': the first focusable element of every page, shown when it has the focus. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="app-skip-link" onClick={skipToMain}>
      {SKIP_LINK_TEXT}
    </a>
  );
}
