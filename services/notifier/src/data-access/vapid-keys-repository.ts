import type { Db } from '@pitclock/kit';
import { asc, sql } from 'drizzle-orm';
import { vapidKeys, type VapidKeyRow } from './schema';

/** Any fixed number: serialises the first key creation across processes starting together. */
const keyCreationLock = 7_140_303;

export type VapidKeyPair = { publicKey: string; privateKey: string };

export type VapidKeysRepository = {
  /**
   * The stored VAPID key pair; when there is none, the one make() creates is stored first. Under a
   * transaction-scoped advisory lock, so that the API and worker processes starting together keep one.
   */
  loadOrCreate: (make: () => VapidKeyPair) => Promise<VapidKeyRow>;
};

export const createVapidKeysRepository = (db: Db): VapidKeysRepository => ({
  loadOrCreate: (make) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${keyCreationLock})`);
      const [existing] = await tx
        .select()
        .from(vapidKeys)
        .orderBy(asc(vapidKeys.createdAt), asc(vapidKeys.publicKey))
        .limit(1);
      if (existing) return existing;
      const [created] = await tx.insert(vapidKeys).values(make()).returning();
      return created!;
    }),
});
