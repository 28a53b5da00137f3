import type { DevicesPageQuery, PageAnswer } from '@pitclock/contracts/schemas';
import { containsPattern, type Db, type SortColumns, readTablePage, type Tx } from '@pitclock/kit';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { deviceRevocationSet } from '../domain/audit';
import { recordAudit } from './audit-repository';
import { devices, lowerText, lowerTextOrEmpty, type DeviceRow } from './schema';

/**
 * Registers the device for the user, or refreshes it: last seen now, the licence extended to
 * licenseExpiresAt when that is later, the name kept unless a new one is given. A revoked device is left
 * alone and undefined is answered (only an admin restores a device).
 */
export const upsertDevice = async (
  tx: Tx | Db,
  {
    userId,
    deviceUid,
    deviceName,
    licenseExpiresAt,
    now,
  }: { userId: number; deviceUid: string; deviceName?: string; licenseExpiresAt: Date; now: Date },
): Promise<DeviceRow | undefined> =>
  (
    await tx
      .insert(devices)
      .values({
        userId,
        deviceUid,
        deviceName: deviceName ?? null,
        licenseExpiresAt,
        lastSeenAt: now,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [devices.userId, devices.deviceUid],
        set: {
          lastSeenAt: now,
          licenseExpiresAt: sql`greatest(${devices.licenseExpiresAt}, excluded.license_expires_at)`,
          deviceName: sql`coalesce(excluded.device_name, ${devices.deviceName})`,
        },
        setWhere: isNull(devices.revokedAt),
      })
      .returning()
  )[0];

export type DevicesPageFilters = {
  userId?: number | undefined;
  /** active: not revoked (its licence may have expired); revoked: revoked. */
  status?: 'active' | 'revoked' | undefined;
  page: DevicesPageQuery['page'];
};

export type DevicesRepository = {
  /** Every device (of one user when given), oldest first. */
  list: (filter?: { userId?: number }) => Promise<DeviceRow[]>;
  /** A page of the devices; q matches part of the device UID or name, any case. */
  page: (filters: DevicesPageFilters) => Promise<PageAnswer<DeviceRow>>;
  findByUid: (userId: number, deviceUid: string) => Promise<DeviceRow | undefined>;
  /**
   * Sets or clears revoked_at of the device (of that user when given), recorded in the audit trail as
   * actorId's in the same transaction; undefined (and nothing written) when there is no such device.
   */
  setRevoked: (input: {
    deviceId: number;
    revokedAt: Date | null;
    owner?: { userId: number } | undefined;
    actorId: number;
  }) => Promise<DeviceRow | undefined>;
  /** Marks the user's device as seen now; undefined when the user has no such device. */
  touch: (userId: number, deviceUid: string, now: Date) => Promise<DeviceRow | undefined>;
  /** The revocation and expiry of every device of the given users (of every user when omitted). */
  states: (userIds?: number[]) => Promise<Pick<DeviceRow, 'userId' | 'revokedAt' | 'licenseExpiresAt'>[]>;
};

const deviceSorts: SortColumns<DevicesPageQuery['page']['sort']['column']> = {
  device_id: { expression: devices.id, kind: 'int' },
  device_uid: { expression: lowerText(devices.deviceUid), kind: 'text' },
  device_name: { expression: lowerTextOrEmpty(devices.deviceName), kind: 'text' },
  last_seen: { expression: devices.lastSeenAt, kind: 'instant' },
  created_at: { expression: devices.createdAt, kind: 'instant' },
  license_expires_at: { expression: devices.licenseExpiresAt, kind: 'instant' },
};

const statusConditions = { active: isNull(devices.revokedAt), revoked: isNotNull(devices.revokedAt) };

export const createDevicesRepository = (db: Db): DevicesRepository => ({
  list: ({ userId } = {}) =>
    db
      .select()
      .from(devices)
      .where(userId === undefined ? undefined : eq(devices.userId, userId))
      .orderBy(asc(devices.id)),

  page: ({ userId, status, page }) => {
    const pattern = page.q === undefined ? undefined : containsPattern(page.q);
    const own = and(
      userId === undefined ? undefined : eq(devices.userId, userId),
      status === undefined ? undefined : statusConditions[status],
      pattern === undefined
        ? undefined
        : or(ilike(devices.deviceUid, pattern), ilike(devices.deviceName, pattern)),
    );
    return readTablePage(db, devices, { request: page, columns: deviceSorts, where: own });
  },

  findByUid: async (userId, deviceUid) =>
    (
      await db
        .select()
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.deviceUid, deviceUid)))
        .limit(1)
    )[0],

  setRevoked: ({ deviceId, revokedAt, owner, actorId }) =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ revokedAt: devices.revokedAt })
        .from(devices)
        .where(
          and(eq(devices.id, deviceId), owner === undefined ? undefined : eq(devices.userId, owner.userId)),
        )
        .for('update');
      if (!before) return undefined;
      const [device] = await tx
        .update(devices)
        // Revoking a revoked device keeps its first revocation time.
        .set({ revokedAt: revokedAt === null ? null : sql`coalesce(${devices.revokedAt}, ${revokedAt})` })
        .where(eq(devices.id, deviceId))
        .returning();
      await recordAudit(tx, deviceRevocationSet(actorId, device!, before.revokedAt));
      return device;
    }),

  touch: async (userId, deviceUid, now) =>
    (
      await db
        .update(devices)
        .set({ lastSeenAt: now })
        .where(and(eq(devices.userId, userId), eq(devices.deviceUid, deviceUid)))
        .returning()
    )[0],

  states: (userIds) =>
    db
      .select({
        userId: devices.userId,
        revokedAt: devices.revokedAt,
        licenseExpiresAt: devices.licenseExpiresAt,
      })
      .from(devices)
      .where(userIds === undefined ? undefined : inArray(devices.userId, userIds)),
});
