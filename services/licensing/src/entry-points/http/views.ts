import type { Device, LedgerEntry, PromoCode } from '@pitclock/contracts/schemas';
import type { DeviceRow, LedgerRow, PromoCodeRow } from '../../application/records';
import { remainingUses } from '../../domain/promo-codes';

const iso = (date: Date) => date.toISOString();

export const toPromoCode = (row: PromoCodeRow): PromoCode => ({
  id: row.id,
  code: row.code,
  max_uses: row.maxUses,
  used_count: row.usedCount,
  remaining_uses: remainingUses(row.maxUses, row.usedCount),
  license_days: row.licenseDays,
  expires_at: row.expiresAt ? iso(row.expiresAt) : null,
  is_active: row.isActive,
  created_at: iso(row.createdAt),
});

export const toDevice = (row: DeviceRow): Device => ({
  device_id: row.id,
  user_id: row.userId,
  device_uid: row.deviceUid,
  device_name: row.deviceName,
  last_seen: iso(row.lastSeenAt),
  revoked: row.revokedAt !== null,
  revoked_at: row.revokedAt ? iso(row.revokedAt) : null,
  license_expires_at: iso(row.licenseExpiresAt),
  created_at: iso(row.createdAt),
});

export const toLedgerEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  delta: row.delta,
  reason: row.reason,
  created_at: iso(row.createdAt),
});
