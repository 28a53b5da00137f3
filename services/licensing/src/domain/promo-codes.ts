// Promo-code rules (SPEC.md sections 4 and 5 and the licensing issue). Pure: "now" is a parameter.
import { isExpired, remainingUses } from '@pitclock/contracts/promo-rules';

export const DAY_MS = 86_400_000;

export type RedeemRefusal =
  | 'code_unknown'
  | 'code_disabled'
  | 'code_expired'
  | 'already_redeemed_user'
  | 'already_redeemed_device'
  | 'code_used_up'
  | 'device_revoked';

export type PromoState = {
  isActive: boolean;
  expiresAt: Date | null;
  maxUses: number | null;
  usedCount: number;
};

// Remaining uses (max_uses minus uses, never below 0; null when unlimited) and expiry (expired once now
// has reached expires_at) are the admin console's rules too: declared once in contracts.
export { isExpired, remainingUses };

/**
 * Whether a redeem may go ahead, decided on the locked promo row and what is already stored. The order
 * gives the most useful text first: a code that does not exist, is switched off or has expired; then
 * "you already have it" (user, then device) before "used up"; a revoked device last (only an admin
 * restores it; a new code must not bring it back silently).
 */
export const decideRedeem = ({
  promo,
  now,
  redeemedByUser,
  redeemedByDevice,
  deviceRevoked,
}: {
  promo: PromoState | undefined;
  now: Date;
  redeemedByUser: boolean;
  redeemedByDevice: boolean;
  deviceRevoked: boolean;
}): RedeemRefusal | null => {
  if (!promo) return 'code_unknown';
  if (!promo.isActive) return 'code_disabled';
  if (isExpired(promo.expiresAt, now)) return 'code_expired';
  if (redeemedByUser) return 'already_redeemed_user';
  if (redeemedByDevice) return 'already_redeemed_device';
  if (remainingUses(promo.maxUses, promo.usedCount) === 0) return 'code_used_up';
  if (deviceRevoked) return 'device_revoked';
  return null;
};

/** The licence expiry of a grant made now: the code's license_days, else the configured default. */
export const licenseExpiry = (now: Date, licenseDays: number | null, defaultDays: number): Date =>
  new Date(now.getTime() + (licenseDays ?? defaultDays) * DAY_MS);

/** An expires_at for a new code must lie in the future. */
export const isFutureExpiry = (expiresAt: string | null, now: Date): boolean =>
  expiresAt === null || Date.parse(expiresAt) > now.getTime();
