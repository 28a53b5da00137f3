import { LICENSING_LIMITS, type CreditsPageQuery, type PageAnswer } from '@pitclock/contracts/schemas';
import {
  containsPattern,
  isCheckViolation,
  type Db,
  type SortColumns,
  readTablePage,
  type Tx,
} from '@pitclock/kit';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { creditsChanged } from '../domain/audit';
import type { AdminCreditReason, CreditReason, CreditRefusal } from '../domain/credits';
import { recordAudit } from './audit-repository';
import { creditBalances, creditLedger, type LedgerRow } from './schema';

export type CreditChange = { balance: number; entry: LedgerRow };

export type CreditsRepository = {
  /** 0 for a user who never had credits. */
  balance: (userId: number) => Promise<number>;
  /** The newest entries first. */
  recent: (userId: number, limit: number) => Promise<LedgerRow[]>;
  /** A page of the user's ledger; q matches part of the reason, any case. */
  page: (userId: number, request: CreditsPageQuery['page']) => Promise<PageAnswer<LedgerRow>>;
  /**
   * An admin's change: appends an entry, moves the balance by the same delta and records it in the audit
   * trail, in one transaction. The balance row's CHECK (balance >= 0) refuses a change below 0
   * atomically, however many arrive at once: then 'below_zero' and nothing is written; a gain that would
   * pass LICENSING_LIMITS.creditBalanceMax is 'too_large' (the same row lock decides it).
   */
  change: (input: {
    userId: number;
    delta: number;
    reason: AdminCreditReason;
    actorId: number;
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

const ledgerSorts: SortColumns<CreditsPageQuery['page']['sort']['column']> = {
  id: { expression: creditLedger.id, kind: 'int' },
  created_at: { expression: creditLedger.createdAt, kind: 'instant' },
  delta: { expression: creditLedger.delta, kind: 'int' },
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

  page: (userId, request) => {
    const own = and(
      eq(creditLedger.userId, userId),
      request.q === undefined ? undefined : ilike(creditLedger.reason, containsPattern(request.q)),
    );
    return readTablePage(db, creditLedger, { request, columns: ledgerSorts, where: own });
  },

  change: async (input) => {
    try {
      return await db.transaction(async (tx) => {
        const change = await applyCreditChange(tx, input);
        if (typeof change !== 'string') {
          await recordAudit(
            tx,
            creditsChanged(input.actorId, input.reason, { ...input, balance: change.balance }),
          );
        }
        return change;
      });
    } catch (err) {
      if (isCheckViolation(err, 'credit_balances_balance_not_negative')) return 'below_zero';
      throw err;
    }
  },
});
