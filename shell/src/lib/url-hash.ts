/**
 * Every route change mirrors the path into the URL hash (SPEC.md section 2): /contests becomes
 * /contests#/contests. The pathname and query stay as they are.
 */
export function mirroredUrl(pathname: string, search: string): string {
  return `${pathname}${search}#${pathname}`;
}

/**
 * At start, '/#/login' (where the HTTP client sends a user whose session ended) means the path
 * '/login'. Returns the path to open, or null when the URL needs no change.
 */
export function pathFromBootHash(pathname: string, hash: string): string | null {
  if (pathname !== '/' || !hash.startsWith('#/')) return null;
  const target = hash.slice(1);
  return target === '/' ? null : target;
}
