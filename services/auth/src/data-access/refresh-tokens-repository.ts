import type { Db } from '@pitclock/kit';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { RefreshDecision, RefreshTokenState } from '../domain/refresh-tokens';
import { refreshTokens, type RefreshTokenRow } from './schema';

export type NewFamily = {
  tokenHash: string;
  familyId: string;
  userId: number;
  deviceId: string;
  issuedAt: Date;
  familyExpiresAt: Date;
};

export type ExchangeResult = { kind: 'unknown' } | { kind: RefreshDecision; token: RefreshTokenRow };

export type RefreshTokensRepository = {
  /** Stores the first token of a new family (a sign-in). */
  startFamily: (family: NewFamily) => Promise<void>;
  /**
   * Exchanges a presented token under a row lock (SELECT ... FOR UPDATE), so two concurrent refreshes
   * of one token are decided one after the other. rotate: the token is marked used and successorHash
   * stored in its family; grace: successorHash is stored, nothing else changes; reuse: every token of
   * the family is revoked; revoked, expired: nothing changes.
   */
  exchange: (input: {
    tokenHash: string;
    successorHash: string;
    /** Read once the row is locked, so the decision and the stored times follow the lock order. */
    clock: () => Date;
    decide: (token: RefreshTokenState, familyRevoked: boolean, now: Date) => RefreshDecision;
  }) => Promise<ExchangeResult>;
  /** Revokes the family of the token (logout). Answers how many tokens it revoked (0 when unknown). */
  revokeFamilyOf: (tokenHash: string, now: Date) => Promise<number>;
  /** Forgets a user's families that are past their absolute expiry. */
  deleteExpired: (userId: number, now: Date) => Promise<void>;
};

export const createRefreshTokensRepository = (db: Db): RefreshTokensRepository => ({
  startFamily: async (family) => {
    await db.insert(refreshTokens).values(family);
  },
  exchange: ({ tokenHash, successorHash, clock, decide }) =>
    db.transaction(async (tx) => {
      const [token] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1)
        .for('update');
      if (!token) return { kind: 'unknown' } as const;
      const now = clock();
      // A family is revoked when any of its tokens is: this also catches a successor minted by a
      // concurrent exchange just after the family was revoked.
      const [revoked] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, token.familyId), isNotNull(refreshTokens.revokedAt)))
        .limit(1);
      const kind = decide(token, revoked !== undefined, now);
      const successor = {
        tokenHash: successorHash,
        familyId: token.familyId,
        userId: token.userId,
        deviceId: token.deviceId,
        issuedAt: now,
        familyExpiresAt: token.familyExpiresAt,
      };
      if (kind === 'rotate') {
        await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, token.id));
        await tx.insert(refreshTokens).values(successor);
      } else if (kind === 'grace') {
        await tx.insert(refreshTokens).values(successor);
      } else if (kind === 'reuse') {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, token.familyId), isNull(refreshTokens.revokedAt)));
      }
      return { kind, token };
    }),
  revokeFamilyOf: async (tokenHash, now) => {
    const revoked = await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(refreshTokens.revokedAt),
          sql`${refreshTokens.familyId} = (select ${refreshTokens.familyId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${tokenHash})`,
        ),
      )
      .returning({ id: refreshTokens.id });
    return revoked.length;
  },
  deleteExpired: async (userId, now) => {
    await db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.familyExpiresAt, now)));
  },
});
