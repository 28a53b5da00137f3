import { LICENSING_LIMITS } from '@pitclock/contracts/schemas';
import type { Db } from '@pitclock/kit';
import { desc, eq, sql } from 'drizzle-orm';
import type { CreditReason, CreditRefusal } from '../domain/credits';
import { isCheckViolation } from '@pitclock/kit';
import { creditBalances, creditLedger, type LedgerRow } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type CreditChange = { balance: number; entry: LedgerRow };

export type CreditsRepository = {
  /** 0 for a user who never had credits. */
  balance: (userId: number) => Promise<number>;
  /** The newest entries first. */
  recent: (userId: number, limit: number) => Promise<LedgerRow[]>;
  /**
   * Appends an entry and moves the balance by the same delta in one transaction. The balance row's
   * CHECK (balance >= 0) refuses a change below 0 atomically, however many arrive at once: then
   * 'below_zero' and nothing is written; a gain that would pass LICENSING_LIMITS.creditBalanceMax is
   * 'too_large' (the same row lock decides it).
   */
  change: (input: {
    userId: number;
    delta: number;
    reason: CreditReason;
    actorId: number | null;
    now: Date;
  }) => Promise<CreditChange | CreditRefusal>;
};

/**
 * Moves the balance by delta and appends the ledger entry, in tx. A gain creates the balance row when it
 * is missing, or adds to it only while the sum stays within creditBalanceMax ('too_large' otherwise: the
 * integer column would overflow); a loss updates an existing row only. 'below_zero' (nothing written)
 * when there is no row to take from; the CHECK (balance >= 0) throws when the row would go below 0.
 */
export const applyCreditChange = async (
  tx: Tx,
  {
    userId,
    delta,
    reason,
    actorId,
    activationCodeId = null,
    now,
  }: {
    userId: number;
    delta: number;
    reason: CreditReason;
    actorId: number | null;
    activationCodeId?: number | null;
    now: Date;
  },
): Promise<CreditChange | CreditRefusal> => {
  // Not one INSERT ... ON CONFLICT for both: PostgreSQL checks the proposed row (balance = delta) before
  // it sees the conflict, so a loss would always fail the CHECK.
  const [row] =
    delta > 0
      ? await tx
          .insert(creditBalances)
          .values({ userId, balance: delta, updatedAt: now })
          .onConflictDoUpdate({
            target: creditBalances.userId,
            set: { balance: sql`${creditBalances.balance} + excluded.balance`, updatedAt: now },
            setWhere: sql`${creditBalances.balance} <= ${LICENSING_LIMITS.creditBalanceMax - delta}`,
          })
          .returning({ balance: creditBalances.balance })
      : await tx
          .update(creditBalances)
          .set({ balance: sql`${creditBalances.balance} + ${delta}`, updatedAt: now })
          .where(eq(creditBalances.userId, userId))
          .returning({ balance: creditBalances.balance });
  if (!row) return delta > 0 ? 'too_large' : 'below_zero';
  const [entry] = await tx
    .insert(creditLedger)
    .values({ userId, delta, reason, actorId, activationCodeId, createdAt: now })
    .returning();
  return { balance: row.balance, entry: entry! };
};

export const createCreditsRepository = (db: Db): CreditsRepository => ({
  balance: async (userId) =>
    (
      await db
        .select({ balance: creditBalances.balance })
        .from(creditBalances)
        .where(eq(creditBalances.userId, userId))
    )[0]?.balance ?? 0,

  recent: (userId, limit) =>
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.id))
      .limit(limit),

  change: async (input) => {
    try {
      return await db.transaction((tx) => applyCreditChange(tx, input));
    } catch (err) {
      if (isCheckViolation(err, 'credit_balances_balance_not_negative')) return 'below_zero';
      throw err;
    }
  },
});
