import type { Db } from '@pitclock/kit';
import { asc, sql } from 'drizzle-orm';
import { signingKeys, type SigningKeyRow } from './schema';

/** Any fixed number: serialises the first key creation across instances starting together. */
const keyCreationLock = 7_140_202;

export type SigningKeysRepository = {
  /**
   * The stored licence key; when there is none, the one make() creates is stored first. Under a
   * transaction-scoped advisory lock, so instances starting together end up with one key.
   */
  loadOrCreate: (make: () => Promise<Omit<SigningKeyRow, 'createdAt'>>) => Promise<SigningKeyRow>;
};

export const createSigningKeysRepository = (db: Db): SigningKeysRepository => ({
  loadOrCreate: (make) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${keyCreationLock})`);
      const [existing] = await tx
        .select()
        .from(signingKeys)
        .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid))
        .limit(1);
      if (existing) return existing;
      const made = await make();
      const [created] = await tx.insert(signingKeys).values(made).returning();
      return created!;
    }),
});
