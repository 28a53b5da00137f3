import type { Db } from '@pitclock/kit';
import { desc, eq, sql } from 'drizzle-orm';
import type { RedeemRefusal } from '../domain/promo-codes';
import { upsertDevice } from './devices-repository';
import { isUniqueViolation, uniqueViolationOf } from '@pitclock/kit';
import { promoCodes, redemptions, type DeviceRow, type PromoCodeRow, type RedemptionRow } from './schema';

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
  /** 'code_taken' when the (upper-case) code exists. */
  create: (promo: NewPromoCode) => Promise<PromoCodeRow | 'code_taken'>;
  /** Flips is_active; undefined when there is no such code. */
  toggle: (id: number) => Promise<PromoCodeRow | undefined>;
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

const uniqueRefusals: Record<string, RedeemRefusal> = {
  redemptions_code_user_unique: 'already_redeemed_user',
  redemptions_code_device_unique: 'already_redeemed_device',
};

export const createPromoCodesRepository = (db: Db): PromoCodesRepository => ({
  findByCode: async (code) =>
    (await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1))[0],

  list: () => db.select().from(promoCodes).orderBy(desc(promoCodes.id)),

  create: async (promo) => {
    try {
      const [row] = await db.insert(promoCodes).values(promo).returning();
      return row!;
    } catch (err) {
      if (isUniqueViolation(err, 'promo_codes_code_unique')) return 'code_taken';
      throw err;
    }
  },

  toggle: async (id) =>
    (
      await db
        .update(promoCodes)
        .set({ isActive: sql`NOT ${promoCodes.isActive}` })
        .where(eq(promoCodes.id, id))
        .returning()
    )[0],

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
