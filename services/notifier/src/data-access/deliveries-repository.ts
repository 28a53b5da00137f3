import type { Db } from '@pitclock/kit';
import { and, eq, isNotNull } from 'drizzle-orm';
import { pushDeliveries, type NewPushDelivery } from './schema';

export type AlertKey = { userId: number; runId: string; stepId: string; stageIndex: number; dueAt: Date };

export type DeliveriesRepository = {
  /** The subscriptions that already accepted this alert (a retried or re-run job skips them). */
  acceptedSubscriptionIds: (key: AlertKey) => Promise<Set<number>>;
  /** Records attempts; a second 'sent' row of one subscription and alert is ignored (unique index). */
  record: (rows: NewPushDelivery[]) => Promise<void>;
};

export const createDeliveriesRepository = (db: Db): DeliveriesRepository => ({
  acceptedSubscriptionIds: async ({ userId, runId, stepId, stageIndex, dueAt }) => {
    const rows = await db
      .select({ subscriptionId: pushDeliveries.subscriptionId })
      .from(pushDeliveries)
      .where(
        and(
          eq(pushDeliveries.userId, userId),
          eq(pushDeliveries.runId, runId),
          eq(pushDeliveries.stepId, stepId),
          eq(pushDeliveries.stageIndex, stageIndex),
          eq(pushDeliveries.dueAt, dueAt),
          eq(pushDeliveries.result, 'sent'),
          isNotNull(pushDeliveries.subscriptionId),
        ),
      );
    return new Set(rows.map((row) => row.subscriptionId!));
  },
  record: async (rows) => {
    if (rows.length > 0) await db.insert(pushDeliveries).values(rows).onConflictDoNothing();
  },
});
