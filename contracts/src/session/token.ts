import { decodeJwt } from 'jose';

/**
 * The decoded payload of a JWT (three parts, the second base64url JSON object), or null for anything else.
 * No signature check: only for offline reading of claims (expiry, admin); the server decides.
 */
export function readTokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  try {
    return decodeJwt(token);
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

/** An account id as the auth service issues it: a positive integer, written in decimal. */
const ACCOUNT_ID = /^[1-9]\d{0,15}$/;

/**
 * The account a token belongs to: its `sub` (auth user ids are integers, sent as strings), as a decimal
 * string; null when there is no token or its sub is not such an id. The one way the front ends tell
 * whose data is on screen (offline database, per-account settings, outbox). No signature check.
 */
export function accountIdOf(token: string | null | undefined): string | null {
  const sub = readTokenClaims(token)?.sub;
  const text = typeof sub === 'number' && Number.isSafeInteger(sub) ? String(sub) : sub;
  return typeof text === 'string' && ACCOUNT_ID.test(text) ? text : null;
}
