import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { mirroredUrl } from '../lib/url-hash';

/**
 * On every route change: mirror the path into the URL hash (keeping the pathname and the router's
 * history state), scroll to the top, and keep the document title the product name.
 */
export function RouteEffects() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.history.replaceState(window.history.state, '', mirroredUrl(pathname, search));
    window.scrollTo(0, 0);
    document.title = 'PitClock';
  }, [pathname, search]);
  return null;
}
