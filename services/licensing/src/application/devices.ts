import {
  LICENSING_LIMITS,
  LICENSING_MESSAGES as m,
  type LicenseStatus,
  type PageAnswer,
} from '@pitclock/contracts/schemas';
import { notFound, type Logger } from '@pitclock/kit';
import type {
  CreditsRepository,
  DeviceRow,
  DevicesPageFilters,
  DevicesRepository,
  LedgerRow,
} from '../data-access';
import { licenseStatusOf } from '../domain/license-status';

export type DevicesDeps = {
  devices: DevicesRepository;
  credits: CreditsRepository;
  logger: Logger;
  clock: () => Date;
};

/** Every device, or one user's (GET /api/licenses/devices, admin). */
export const listDevices = ({ devices }: DevicesDeps, userId: number | undefined): Promise<DeviceRow[]> =>
  devices.list({ userId });

/** A page of the devices, of one user or status when asked (GET /api/licenses/devices with page keys, admin). */
export const devicesPage = (
  { devices }: DevicesDeps,
  filters: DevicesPageFilters,
): Promise<PageAnswer<DeviceRow>> => devices.page(filters);

/**
 * The licence status of each user asked for (every user with a device when none are), by user id
 * (GET /api/licenses/statuses, admin): a user without devices is 'none'.
 */
export const licenseStatuses = async (
  { devices, clock }: DevicesDeps,
  userIds: number[] | undefined,
): Promise<{ userId: number; status: LicenseStatus }[]> => {
  const now = clock();
  const byUser = new Map<number, Awaited<ReturnType<DevicesRepository['states']>>>();
  for (const id of userIds ?? []) byUser.set(id, []);
  for (const state of await devices.states(userIds)) {
    byUser.set(state.userId, [...(byUser.get(state.userId) ?? []), state]);
  }
  return [...byUser.entries()]
    .sort(([a], [b]) => a - b)
    .map(([userId, states]) => ({ userId, status: licenseStatusOf(states, now) }));
};

export type UserLicenses = {
  status: LicenseStatus;
  balance: number;
  devices: DeviceRow[];
  ledger: LedgerRow[];
};

/** A user's licence status, devices, balance and latest ledger entries (GET /api/users/{id}/licenses, admin). */
export const userLicenses = async (
  { devices, credits, clock }: DevicesDeps,
  userId: number,
): Promise<UserLicenses> => {
  const rows = await devices.list({ userId });
  return {
    status: licenseStatusOf(rows, clock()),
    balance: await credits.balance(userId),
    devices: rows,
    ledger: await credits.recent(userId, LICENSING_LIMITS.recentLedger),
  };
};

/**
 * Revokes (revoked_at = now) or restores a device, of the given user when there is one (PATCH
 * /api/licenses/devices/{id}/revoke|restore, POST /api/users/{id}/licenses/{deviceId}/revoke|restore,
 * admin), with its audit entry; 404 when there is no such device.
 */
export const setDeviceRevoked = async (
  { devices, logger, clock }: DevicesDeps,
  actorId: number,
  { deviceId, revoke, owner }: { deviceId: number; revoke: boolean; owner?: number },
): Promise<DeviceRow> => {
  const device = await devices.setRevoked({
    deviceId,
    revokedAt: revoke ? clock() : null,
    owner: owner === undefined ? undefined : { userId: owner },
    actorId,
  });
  if (!device) throw notFound(revoke ? m.noDeviceToRevoke : m.noDeviceToRestore);
  logger.info({ actorId, deviceId, revoked: revoke }, revoke ? 'device revoked' : 'device restored');
  return device;
};
