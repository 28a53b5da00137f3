// Promo-code rules (SPEC.md sections 4 and 5). Pure.
// The licence banner rules moved to @pitclock/contracts (shared with the shell's banner); they are
// re-exported here so that cook-app code keeps importing them from the domain. Token validity is not
// here either: it is `isTokenValid` in @pitclock/contracts.
import { z } from 'zod/mini';
import { isRecord, readFlag, readNumber, readText } from './readers';

export {
  LICENSE_GRACE_MS,
  LICENSE_LIMITED_TEXT,
  LICENSE_RECHECK_MS,
  LICENSE_WARN_MS,
  licenseBannerState,
  parseLicenseExpiry,
  type LicenseBannerKind,
  type LicenseBannerState,
} from '@pitclock/contracts';

export const NO_LICENSE_RETURNED = 'No license returned from server.';
/** /promo's returnTo default, and where Back goes. */
export const PROMO_DEFAULT_RETURN_TO = '/contests';

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

/** The code the redeem form sends: normalised, not empty (no text: Redeem stays disabled until then). */
export const promoCodeSchema = z.pipe(
  z.pipe(z.string(), z.transform<string, string>(normalisePromoCode)),
  z.string().check(z.minLength(1)),
);

/**
 * The licence in a redeem response: license, device_license or token (a string, or an object kept as is).
 * Error NO_LICENSE_RETURNED when none is present.
 */
export function readRedeemedLicense(
  body: unknown,
): { ok: true; license: unknown } | { ok: false; error: string } {
  if (isRecord(body)) {
    for (const key of ['license', 'device_license', 'token']) {
      const value = body[key];
      if ((typeof value === 'string' && value.trim() !== '') || isRecord(value))
        return { ok: true, license: value };
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
