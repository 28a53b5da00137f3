import type { PushSubscriptionView } from '@pitclock/contracts/schemas';
import type { PushSubscriptionRow } from '../../application/records';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A subscription as GET /api/push/me shows it: only the push service's origin, never the endpoint. */
export const toSubscriptionView = (row: PushSubscriptionRow): PushSubscriptionView => ({
  id: row.id,
  device_id: row.deviceId,
  endpoint_origin: new URL(row.endpoint).origin,
  created_at: row.createdAt.toISOString(),
  last_success_at: iso(row.lastSuccessAt),
  last_failure_at: iso(row.lastFailureAt),
});
