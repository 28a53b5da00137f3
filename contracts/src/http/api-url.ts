/** Same-origin base path of every API call (SPEC.md section 7). */
export const DEFAULT_API_BASE = '/api';

/** Name of the optional global API base, e.g. set by index.html: `globalThis.__PITCLOCK_API_BASE__ = 'https://api.example.com/api'`. */
export const API_BASE_GLOBAL = '__PITCLOCK_API_BASE__';

/** The configured global API base when it is a non-empty string, else same-origin '/api'. Read at call time. */
export function getApiBase(): string {
  const configured = (globalThis as Record<string, unknown>)[API_BASE_GLOBAL];
  if (typeof configured === 'string' && configured.trim() !== '') return configured.trim();
  return DEFAULT_API_BASE;
}

interface ParsedUrl {
  /** 'https://host:port' for absolute URLs, '' for paths. */
  origin: string;
  /** '' or a path starting with '/', repeated slashes collapsed. */
  path: string;
  /** '?query#hash', left untouched. */
  suffix: string;
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)((?:[/?#].*)?)$/is;

function parse(url: string): ParsedUrl {
  const match = ABSOLUTE.exec(url.trim());
  const origin = match ? `${match[1]}//${match[2]}` : '';
  const rest = match ? (match[3] ?? '') : url.trim();
  const cut = rest.search(/[?#]/);
  const rawPath = cut === -1 ? rest : rest.slice(0, cut);
  const suffix = cut === -1 ? '' : rest.slice(cut);
  let path = rawPath.replace(/\/{2,}/g, '/');
  if (path !== '' && !path.startsWith('/')) path = `/${path}`;
  return { origin, path, suffix };
}

/** True when `path` is `prefix` or starts with the segment(s) `prefix` followed by '/'. */
function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** '/api/api/x' -> '/api/x' (any number of repeats). */
function dedupeLeadingApi(path: string): string {
  let result = path;
  while (startsWithSegment(result, '/api/api')) result = result.slice('/api'.length);
  return result;
}

/**
 * The URL of an API call: `base` (default getApiBase()) joined with `path`.
 * - a leading copy of the base path in `path` is dropped ('/api' + '/api/me' -> '/api/me'), and so is a
 *   leading '/api' when the base path ends in '/api' ('https://h/v1/api' + '/api/me' -> 'https://h/v1/api/me');
 * - a duplicated leading /api is stripped ('/api/api/x' -> '/api/x');
 * - repeated slashes are collapsed in the path, never in 'https://' and never in the query or hash;
 * - an absolute `path` (scheme://...) is kept, only normalised the same way.
 * apiUrl is idempotent: apiUrl(apiUrl(p, b), b) === apiUrl(p, b).
 */
export function apiUrl(path: string, base: string = getApiBase()): string {
  const target = parse(path);
  if (target.origin !== '') return target.origin + dedupeLeadingApi(target.path) + target.suffix;

  const parsedBase = parse(base);
  const basePath = dedupeLeadingApi(parsedBase.path.replace(/(?<!\/)\/+$/, ''));
  let rest = target.path;
  for (;;) {
    if (basePath !== '' && startsWithSegment(rest, basePath)) rest = rest.slice(basePath.length);
    else if (basePath.endsWith('/api') && startsWithSegment(rest, '/api')) rest = rest.slice('/api'.length);
    else break;
  }
  const fullPath = dedupeLeadingApi(basePath + rest) || '/';
  return parsedBase.origin + fullPath + target.suffix;
}
