import type { Db } from '@pitclock/kit';
import { eq } from 'drizzle-orm';
import { promoCodes, type PromoCodeRow } from './schema';

export type PromoCodesRepository = {
  findByCode: (code: string) => Promise<PromoCodeRow | undefined>;
};

export const createPromoCodesRepository = (db: Db): PromoCodesRepository => ({
  findByCode: async (code) =>
    (await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1))[0],
});
