const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decodeBase64Url(segment: string): string | null {
  if (!BASE64URL.test(segment)) return null;
  const base64 = segment
    .replace(/(?<!=)=+$/, '')
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The decoded payload (second segment) of a JWT, or null when it is not a base64url JSON object.
 * No signature check: only for offline reading of claims (expiry, admin); the server decides.
 */
export function readTokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const segment = token.split('.')[1];
  if (segment === undefined) return null;
  const json = decodeBase64Url(segment);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The token's `exp` in seconds; null when the payload is readable but has no expiry (a JSON null exp
 * counts as none); 'unreadable' when the payload cannot be decoded or exp is not a number
 * (a numeric string is accepted).
 */
export function tokenExpiry(token: string | null | undefined): number | null | 'unreadable' {
  const claims = readTokenClaims(token);
  if (claims === null) return 'unreadable';
  const exp = claims.exp;
  if (exp === undefined || exp === null) return null;
  if (typeof exp === 'number' && Number.isFinite(exp)) return exp;
  if (typeof exp === 'string' && /^\d+(\.\d+)?$/.test(exp.trim())) return Number(exp);
  return 'unreadable';
}

/**
 * SPEC.md section 4: a readable expiry is valid until then; no expiry counts as valid; unreadable (or no
 * token) is invalid. Expiry is compared in seconds against `nowSeconds` (the clock is a parameter).
 * Boundary: valid iff exp > now, i.e. at the exp second itself the token is expired (RFC 7519 4.1.4:
 * "on or after which the JWT MUST NOT be accepted").
 */
export function isTokenValid(token: string | null, nowSeconds: number): boolean {
  if (token === null || token === '') return false;
  const exp = tokenExpiry(token);
  if (exp === 'unreadable') return false;
  if (exp === null) return true;
  return exp > nowSeconds;
}
