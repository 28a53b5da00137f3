import { LICENSING_LIMITS } from '@pitclock/contracts/schemas';
import { LICENSES_TEXT } from './messages';

export type Adjustment = { ok: true; amount: number } | { ok: false; error: string };

/**
 * The credit adjustment as typed (SPEC.md section 5): a signed whole number, not empty and not 0, at most
 * 1,000,000 either way ('+5', '-3', ' 12 ').
 */
export function parseAdjustment(text: string): Adjustment {
  const trimmed = text.trim();
  if (!/^[+-]?\d{1,12}$/.test(trimmed)) return { ok: false, error: LICENSES_TEXT.amountRequired };
  const amount = Number(trimmed);
  if (amount === 0) return { ok: false, error: LICENSES_TEXT.amountRequired };
  if (Math.abs(amount) > LICENSING_LIMITS.creditAmountMax)
    return { ok: false, error: LICENSES_TEXT.amountTooLarge };
  return { ok: true, amount };
}
