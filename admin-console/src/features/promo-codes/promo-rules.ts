// The promo-code rules the admin list shows (SPEC.md section 4). Pure: "now" is a parameter. Remaining
// uses and expiry are the server's rules too: they live in contracts, shared with services/licensing.
import { isExpired, remainingUses } from '@pitclock/contracts/promo-rules';

export { remainingUses };

export type PromoStatus = 'active' | 'disabled' | 'expired' | 'usedUp';

/** What the status and uses of a code are read from (the contract's PromoCode has these fields). */
export type PromoCounts = {
  max_uses: number | null | undefined;
  used_count: number;
  expires_at: string | null;
  is_active: boolean;
};

/**
 * One status per code, in the order that explains best why it cannot be redeemed: switched off first,
 * then past its expiry, then no uses left; else active.
 */
export function promoStatus(code: PromoCounts, now: number): PromoStatus {
  if (!code.is_active) return 'disabled';
  if (isExpired(code.expires_at, now)) return 'expired';
  if (remainingUses(code.max_uses, code.used_count) === 0) return 'usedUp';
  return 'active';
}

/** 'used/max', or 'used/∞' when unlimited. */
export function usesText(code: Pick<PromoCounts, 'max_uses' | 'used_count'>, infinity = '∞'): string {
  const max = remainingUses(code.max_uses, code.used_count) === null ? infinity : String(code.max_uses);
  return `${code.used_count}/${max}`;
}
