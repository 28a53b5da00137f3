// Device licence banner and promo-code rules (SPEC.md sections 4, 5 and 9). Pure: "now" is a parameter.
// Token validity is not here: it is `isTokenValid` in @pitclock/contracts (shared with the shell).
import { isRecord, readFlag, readNumber, readText } from './readers';
import { DAY_MS } from './time';

/** Grace period after expiry, and the warning period before it (7 days each); re-check every 60 s. */
export const LICENCE_GRACE_MS = 7 * DAY_MS;
export const LICENCE_WARN_MS = 7 * DAY_MS;
export const LICENCE_RECHECK_MS = 60_000;
export const LICENCE_LIMITED_TEXT = 'functionality may be limited';
export const NO_LICENSE_RETURNED = 'No license returned from server.';
/** /promo's returnTo default, and where Back goes. */
export const PROMO_DEFAULT_RETURN_TO = '/contests';

export type LicenceBannerKind = 'none' | 'fine' | 'expiring' | 'expired-grace' | 'expired-beyond';
export type LicenceBannerState = {
  tone: 'green' | 'amber' | 'red';
  kind: LicenceBannerKind;
  /** Whole days: left before expiry (rounded up) when fine/expiring; since expiry (rounded down) when expired; null for none. */
  days: number | null;
  /** Whole days of grace left (rounded up) when expired-grace, else null. */
  graceDaysLeft: number | null;
};

/**
 * The licence banner (SPEC.md section 4). Decisions: no stored expiry -> kind 'none', tone green (no text);
 * expired once now >= expiry; 'expired-grace' while now - expiry <= 7 days (red: the licence has run out),
 * 'expired-beyond' after that (red, "functionality may be limited"); 'expiring' when 0 < expiry - now <= 7
 * days (amber); otherwise 'fine' (green, no text).
 */
export function licenceBannerState(expiryMs: number | null, nowMs: number): LicenceBannerState {
  if (expiryMs === null || !Number.isFinite(expiryMs))
    return { tone: 'green', kind: 'none', days: null, graceDaysLeft: null };
  const left = expiryMs - nowMs;
  if (left > 0) {
    const days = Math.ceil(left / DAY_MS);
    if (left <= LICENCE_WARN_MS) return { tone: 'amber', kind: 'expiring', days, graceDaysLeft: null };
    return { tone: 'green', kind: 'fine', days, graceDaysLeft: null };
  }
  const since = -left;
  const days = Math.floor(since / DAY_MS);
  if (since <= LICENCE_GRACE_MS) {
    return {
      tone: 'red',
      kind: 'expired-grace',
      days,
      graceDaysLeft: Math.ceil((LICENCE_GRACE_MS - since) / DAY_MS),
    };
  }
  return { tone: 'red', kind: 'expired-beyond', days, graceDaysLeft: null };
}

/**
 * A stored licence expiry (license_expiry) as epoch ms, or null: epoch milliseconds, epoch seconds
 * (numbers below 1e11, as JWT exp claims are), numeric strings of either, or ISO date-times.
 */
export function parseLicenceExpiry(value: unknown): number | null {
  const n = readNumber(value);
  if (n !== null) return n < 1e11 ? n * 1000 : n;
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Remaining uses of a promo code: max_uses minus uses, never below 0; null (unlimited) when max_uses is
 * empty, non-numeric, 0 or less. Non-numeric or negative uses count as 0.
 */
export function promoRemainingUses(maxUses: unknown, used: unknown): number | null {
  const max = readNumber(maxUses);
  if (max === null || max <= 0) return null;
  const usedCount = Math.max(0, readNumber(used) ?? 0);
  return Math.max(0, max - usedCount);
}

/**
 * Disabled when the active flag is false or the disabled flag is true (SPEC.md section 4). The active flag
 * is read from is_active, active or enabled (first present wins); the disabled flag from disabled.
 * Flags may be booleans, 0/1 or 'true'/'false'. A record with none of them is enabled.
 */
export function isPromoDisabled(record: unknown): boolean {
  if (!isRecord(record)) return false;
  if (readFlag(record.disabled) === true) return true;
  for (const key of ['is_active', 'active', 'enabled']) {
    const flag = readFlag(record[key]);
    if (flag !== null) return !flag;
  }
  return false;
}

/** A promo code as typed: trimmed and upper-cased (the field shows it so); empty disables Redeem. */
export function normalisePromoCode(text: unknown): string {
  return typeof text === 'string' ? text.trim().toUpperCase() : '';
}

/**
 * The licence in a redeem response: license, device_license or token (a string, or an object kept as is).
 * Error NO_LICENSE_RETURNED when none is present.
 */
export function readRedeemedLicence(
  body: unknown,
): { ok: true; licence: unknown } | { ok: false; error: string } {
  if (isRecord(body)) {
    for (const key of ['license', 'device_license', 'token']) {
      const value = body[key];
      if ((typeof value === 'string' && value.trim() !== '') || isRecord(value))
        return { ok: true, licence: value };
    }
  }
  return { ok: false, error: NO_LICENSE_RETURNED };
}

/**
 * Where /promo goes after redeeming: the returnTo query value when it is a path inside the app
 * ('/...', not '//' or a URL, which would leave the app), else /contests.
 */
export function promoReturnTo(returnTo: unknown): string {
  const path = readText(returnTo);
  if (path === null || !path.startsWith('/') || path.startsWith('//') || path.includes('\\'))
    return PROMO_DEFAULT_RETURN_TO;
  return path;
}
