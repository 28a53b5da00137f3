// Credit rules: the ledger is append-only and the balance is the sum of its deltas, never below 0 and
// never above LICENSING_LIMITS.creditBalanceMax (a PostgreSQL integer).

import { LICENSING_LIMITS } from '@pitclock/contracts/schemas';

export const CREDIT_REASONS = {
  adminAdjust: 'admin_adjust',
  adminGrant: 'admin_grant',
  activation: 'activation',
} as const;
export type CreditReason = (typeof CREDIT_REASONS)[keyof typeof CREDIT_REASONS];
/** The reasons of an admin's change (an activation takes its credit on its own). */
export type AdminCreditReason = Exclude<CreditReason, 'activation'>;

/** Why a change is refused (the balance stays as it was). */
export type CreditRefusal = 'below_zero' | 'too_large';

/** The balance after a change, or why the change is refused. */
export const balanceAfter = (balance: number, delta: number): number | CreditRefusal => {
  const next = balance + delta;
  if (next < 0) return 'below_zero';
  return next > LICENSING_LIMITS.creditBalanceMax ? 'too_large' : next;
};
