// Credit rules: the ledger is append-only and the balance is the sum of its deltas, never below 0.

export const CREDIT_REASONS = {
  adminAdjust: 'admin_adjust',
  adminGrant: 'admin_grant',
  activation: 'activation',
} as const;
export type CreditReason = (typeof CREDIT_REASONS)[keyof typeof CREDIT_REASONS];

/** The balance after a change, or 'below_zero' when the change is refused (the balance stays). */
export const balanceAfter = (balance: number, delta: number): number | 'below_zero' =>
  balance + delta < 0 ? 'below_zero' : balance + delta;
