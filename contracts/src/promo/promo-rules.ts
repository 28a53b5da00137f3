// The promo-code rules of SPEC.md section 4 that the server and the admin console both apply:
// services/licensing (redeem, activation codes, licence status, the remaining_uses it answers) and
// admin-console (the list's status and uses). Pure: "now" is a parameter. No zod.

/** An instant as either side holds it: a Date (the server's rows), an ISO string (the API) or epoch ms. */
export type Instant = Date | string | number;

const toMs = (at: Instant): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/**
 * Remaining uses = max_uses minus uses, never below 0; null (unlimited) when max_uses is empty, 0 or
 * less. A negative or unreadable use count counts as none.
 */
export function remainingUses(maxUses: number | null | undefined, usedCount: number): number | null {
  if (maxUses === null || maxUses === undefined || !(maxUses > 0)) return null;
  const used = Number.isFinite(usedCount) && usedCount > 0 ? usedCount : 0;
  return Math.max(0, maxUses - used);
}

/**
 * Whether an expiry has been reached: expired once now is at expires_at or later (at the instant, not a
 * millisecond after). No expiry (null) or an unreadable one never expires.
 */
export function isExpired(expiresAt: Instant | null, now: Instant): boolean {
  if (expiresAt === null) return false;
  const at = toMs(expiresAt);
  return Number.isFinite(at) && at <= toMs(now);
}
