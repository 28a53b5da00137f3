import type { PageAnswer, PromoCodesPageQuery } from '@pitclock/contracts/schemas';
import {
  containsPattern,
  isUniqueViolation,
  uniqueViolationOf,
  type Db,
  type SortColumns,
  readTablePage,
} from '@pitclock/kit';
import { desc, eq, ilike, sql } from 'drizzle-orm';
import { promoCodeCreated, promoCodeToggled } from '../domain/audit';
import type { RedeemRefusal } from '../domain/promo-codes';
import { recordAudit } from './audit-repository';
import { upsertDevice } from './devices-repository';
import {
  lowerText,
  promoCodes,
  redemptions,
  type DeviceRow,
  type PromoCodeRow,
  type RedemptionRow,
} from './schema';

export type NewPromoCode = {
  code: string;
  maxUses: number | null;
  licenseDays: number | null;
  expiresAt: Date | null;
  createdBy: number;
};

/** What the redeem rule sees, read under the lock of the promo row. */
export type RedeemFacts = {
  promo: PromoCodeRow | undefined;
  redeemedByUser: boolean;
  redeemedByDevice: boolean;
  deviceRevoked: boolean;
};

export type RedeemResult =
  | { kind: 'refused'; reason: RedeemRefusal }
  | { kind: 'redeemed'; promo: PromoCodeRow; device: DeviceRow; redemption: RedemptionRow };

export type PromoCodesRepository = {
  findByCode: (code: string) => Promise<PromoCodeRow | undefined>;
  /** Newest first. */
  list: () => Promise<PromoCodeRow[]>;
  /** A page of the codes; q matches part of the code, any case. */
  page: (request: PromoCodesPageQuery['page']) => Promise<PageAnswer<PromoCodeRow>>;
  /** 'code_taken' when the (upper-case) code exists. Recorded in the audit trail (by createdBy) with it. */
  create: (promo: NewPromoCode) => Promise<PromoCodeRow | 'code_taken'>;
  /** Flips is_active, recorded in the audit trail with it; undefined when there is no such code. */
  toggle: (id: number, actorId: number) => Promise<PromoCodeRow | undefined>;
  /**
   * One transaction: lock the promo row (SELECT ... FOR UPDATE, so concurrent redeems of a code are
   * decided one after the other), let decide judge the facts, then record the redemption, register or
   * refresh the device and count the use. Refused: nothing is written. The unique constraints
   * (code, user) and (code, device) and the used_count <= max_uses check hold even if this were bypassed.
   */
  redeem: (input: {
    code: string;
    userId: number;
    deviceUid: string;
    now: Date;
    decide: (facts: RedeemFacts) => RedeemRefusal | null;
    expiryOf: (promo: PromoCodeRow) => Date;
  }) => Promise<RedeemResult>;
};

const promoSorts: SortColumns<PromoCodesPageQuery['page']['sort']['column']> = {
  id: { expression: promoCodes.id, kind: 'int' },
  code: { expression: lowerText(promoCodes.code), kind: 'text' },
  created_at: { expression: promoCodes.createdAt, kind: 'instant' },
  used_count: { expression: promoCodes.usedCount, kind: 'int' },
};

const uniqueRefusals: Record<string, RedeemRefusal> = {
  redemptions_code_user_unique: 'already_redeemed_user',
  redemptions_code_device_unique: 'already_redeemed_device',
};

export const createPromoCodesRepository = (db: Db): PromoCodesRepository => ({
  findByCode: async (code) =>
    (await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1))[0],

  list: () => db.select().from(promoCodes).orderBy(desc(promoCodes.id)),

  page: (request) => {
    const own = request.q === undefined ? undefined : ilike(promoCodes.code, containsPattern(request.q));
    return readTablePage(db, promoCodes, { request, columns: promoSorts, where: own });
  },

  create: async (promo) => {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(promoCodes).values(promo).returning();
        await recordAudit(tx, promoCodeCreated(promo.createdBy, row!));
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'promo_codes_code_unique')) return 'code_taken';
      throw err;
    }
  },

  toggle: (id, actorId) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(promoCodes)
        .set({ isActive: sql`NOT ${promoCodes.isActive}` })
        .where(eq(promoCodes.id, id))
        .returning();
      if (row) await recordAudit(tx, promoCodeToggled(actorId, row.id, row.isActive));
      return row;
    }),

  redeem: async ({ code, userId, deviceUid, now, decide, expiryOf }) => {
    try {
      return await db.transaction(async (tx): Promise<RedeemResult> => {
        const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
        if (!promo) {
          const reason = decide({
            promo,
            redeemedByUser: false,
            redeemedByDevice: false,
            deviceRevoked: false,
          });
          return { kind: 'refused', reason: reason ?? 'code_unknown' };
        }
        const facts = await tx.execute<{ by_user: boolean; by_device: boolean; revoked: boolean }>(sql`
          select
            exists(select 1 from redemptions where promo_code_id = ${promo.id} and user_id = ${userId}) as by_user,
            exists(select 1 from redemptions where promo_code_id = ${promo.id} and device_uid = ${deviceUid}) as by_device,
            exists(select 1 from devices where user_id = ${userId} and device_uid = ${deviceUid}
                   and revoked_at is not null) as revoked`);
        const row = facts.rows[0]!;
        const reason = decide({
          promo,
          redeemedByUser: row.by_user,
          redeemedByDevice: row.by_device,
          deviceRevoked: row.revoked,
        });
        if (reason) return { kind: 'refused', reason };
        const licenseExpiresAt = expiryOf(promo);
        const device = await upsertDevice(tx, { userId, deviceUid, licenseExpiresAt, now });
        // Revoked between the read and the write (an admin at that moment): refuse, nothing written yet.
        if (!device) return { kind: 'refused', reason: 'device_revoked' };
        const [redemption] = await tx
          .insert(redemptions)
          .values({
            promoCodeId: promo.id,
            userId,
            deviceUid,
            deviceId: device.id,
            licenseExpiresAt,
            createdAt: now,
          })
          .returning();
        const [counted] = await tx
          .update(promoCodes)
          .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
          .where(eq(promoCodes.id, promo.id))
          .returning();
        return { kind: 'redeemed', promo: counted!, device, redemption: redemption! };
      });
    } catch (err) {
      const constraint = uniqueViolationOf(err);
      const reason = constraint === undefined ? undefined : uniqueRefusals[constraint];
      if (reason) return { kind: 'refused', reason };
      throw err;
    }
  },
});
