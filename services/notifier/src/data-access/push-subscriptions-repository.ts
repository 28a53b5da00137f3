import type { Db } from '@pitclock/kit';
import { eq } from 'drizzle-orm';
import { pushSubscriptions, type PushSubscriptionRow } from './schema';

export type PushSubscriptionsRepository = {
  listByUser: (userId: number) => Promise<PushSubscriptionRow[]>;
};

export const createPushSubscriptionsRepository = (db: Db): PushSubscriptionsRepository => ({
  listByUser: (userId) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
});
