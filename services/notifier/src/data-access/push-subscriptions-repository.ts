import type { Db } from '@pitclock/kit';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { pushSubscriptions, type PushSubscriptionRow } from './schema';

export type NewSubscription = {
  userId: number;
  deviceId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

export type PushSubscriptionsRepository = {
  /**
   * Stores a subscription by its endpoint: a new one is inserted; a known endpoint takes the new keys,
   * device and user (a browser subscription re-registered by another account moves to that account).
   */
  upsert: (subscription: NewSubscription) => Promise<{ row: PushSubscriptionRow; created: boolean }>;
  listByUser: (userId: number) => Promise<PushSubscriptionRow[]>;
  /** Deletes the caller's own subscription with that endpoint; false when the caller has none. */
  deleteOwn: (userId: number, endpoint: string) => Promise<boolean>;
  /** Deletes a subscription the push service says is gone (404, 410). */
  deleteGone: (id: number, endpoint: string) => Promise<void>;
  markSuccess: (id: number, at: Date) => Promise<void>;
  markFailure: (id: number, at: Date) => Promise<void>;
};

export const createPushSubscriptionsRepository = (db: Db): PushSubscriptionsRepository => ({
  upsert: async ({ userId, deviceId, endpoint, p256dh, auth }) => {
    const [result] = await db
      .insert(pushSubscriptions)
      .values({ userId, deviceId, endpoint, p256dh, auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          deviceId,
          p256dh,
          auth,
          // Another account's subscription starts afresh; the same account's keeps its history.
          createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else now() end`,
          lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.lastSuccessAt} end`,
          lastFailureAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.lastFailureAt} end`,
        },
      })
      // xmax is 0 only for a row this statement inserted (an updated row carries the updating transaction).
      .returning({ ...getTableColumns(pushSubscriptions), created: sql<boolean>`(xmax = 0)` });
    const { created, ...row } = result!;
    return { row, created };
  },
  listByUser: (userId) =>
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id)),
  deleteOwn: async (userId, endpoint) => {
    const deleted = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return deleted.length > 0;
  },
  deleteGone: async (id, endpoint) => {
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
  },
  markSuccess: async (id, at) => {
    await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
  },
  markFailure: async (id, at) => {
    await db.update(pushSubscriptions).set({ lastFailureAt: at }).where(eq(pushSubscriptions.id, id));
  },
});
