import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Separates this key from every other use of the secret it is derived from (JWT_SECRET by default). */
const KEY_CONTEXT = 'pitclock/notifier/push-dismiss-token/v1';

export type DismissClaims = { userId: number; runId: string; stepId: string; expiresAt: Date };

export type DismissVerdict =
  { ok: true; claims: DismissClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export type DismissTokens = {
  sign: (claims: DismissClaims) => string;
  verify: (token: string, now: Date) => DismissVerdict;
};

type Wire = { u: number; r: string; s: string; e: number };

const isWire = (value: unknown): value is Wire => {
  if (typeof value !== 'object' || value === null) return false;
  const { u, r, s, e } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(u) &&
    (u as number) > 0 &&
    typeof r === 'string' &&
    typeof s === 'string' &&
    Number.isSafeInteger(e)
  );
};

const readJson = (base64url: string): unknown => {
  try {
    return JSON.parse(Buffer.from(base64url, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The token a pushed step alert carries (data.dismissToken), so that the service worker can dismiss the
 * step without the user's bearer token: base64url JSON {u: user, r: run, s: step, e: expiry in seconds},
 * a dot, and an HMAC-SHA256 of that text with a key derived (HKDF) from the secret and a context string.
 */
export const createDismissTokens = (secret: string): DismissTokens => {
  const key = Buffer.from(hkdfSync('sha256', secret, '', KEY_CONTEXT, 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign: ({ userId, runId, stepId, expiresAt }) => {
      const wire: Wire = { u: userId, r: runId, s: stepId, e: Math.floor(expiresAt.getTime() / 1000) };
      const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify: (token, now) => {
      const parts = token.split('.');
      const [body, signature] = parts;
      if (parts.length !== 2 || !body || !signature || !/^[\w-]+$/.test(body + signature)) {
        return { ok: false, reason: 'malformed' };
      }
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'signature' };
      }
      const wire = readJson(body);
      if (!isWire(wire)) return { ok: false, reason: 'malformed' };
      if (wire.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        claims: { userId: wire.u, runId: wire.r, stepId: wire.s, expiresAt: new Date(wire.e * 1000) },
      };
    },
  };
};
