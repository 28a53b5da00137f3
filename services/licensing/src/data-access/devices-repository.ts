import type { Db } from '@pitclock/kit';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { devices, type DeviceRow } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

export type DevicesRepository = {
  /** Every device (of one user when given), oldest first. */
  list: (filter?: { userId?: number }) => Promise<DeviceRow[]>;
  findByUid: (userId: number, deviceUid: string) => Promise<DeviceRow | undefined>;
  /** Sets or clears revoked_at of the device (of that user when given); undefined when there is none. */
  setRevoked: (
    deviceId: number,
    revokedAt: Date | null,
    owner?: { userId: number },
  ) => Promise<DeviceRow | undefined>;
  /** Marks the user's device as seen now; undefined when the user has no such device. */
  touch: (userId: number, deviceUid: string, now: Date) => Promise<DeviceRow | undefined>;
  /** The revocation and expiry of every device of the given users (of every user when omitted). */
  states: (userIds?: number[]) => Promise<Pick<DeviceRow, 'userId' | 'revokedAt' | 'licenseExpiresAt'>[]>;
};

export const createDevicesRepository = (db: Db): DevicesRepository => ({
  list: ({ userId } = {}) =>
    db
      .select()
      .from(devices)
      .where(userId === undefined ? undefined : eq(devices.userId, userId))
      .orderBy(asc(devices.id)),

  findByUid: async (userId, deviceUid) =>
    (
      await db
        .select()
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.deviceUid, deviceUid)))
        .limit(1)
    )[0],

  setRevoked: async (deviceId, revokedAt, owner) =>
    (
      await db
        .update(devices)
        // Revoking a revoked device keeps its first revocation time.
        .set({ revokedAt: revokedAt === null ? null : sql`coalesce(${devices.revokedAt}, ${revokedAt})` })
        .where(
          and(eq(devices.id, deviceId), owner === undefined ? undefined : eq(devices.userId, owner.userId)),
        )
        .returning()
    )[0],

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
