import type { AdminUser, Device } from '@pitclock/contracts';

/** Whose a device is, as its row shows it: not known yet, looked up, not found, or the lookup failed. */
export type DeviceOwner =
  | { state: 'loading' }
  | { state: 'found'; email: string; name: string }
  | { state: 'unknown' }
  | { state: 'failed' };

/** A row of a devices table: licensing's device with auth's user (licensing keeps only the user id). */
export type DeviceRow = Device & { owner: DeviceOwner };

/**
 * Merges a page of devices with the users looked up by id (as the users screen merges licensing's
 * statuses into auth's users): `users` undefined while the lookup is on its way, a user missing from it
 * is unknown (deleted meanwhile), and every owner is 'failed' when the lookup failed.
 */
export function withOwners(
  devices: readonly Device[],
  users: ReadonlyMap<number, Pick<AdminUser, 'email' | 'name'>> | undefined,
  failed = false,
): DeviceRow[] {
  return devices.map((device) => {
    if (failed) return { ...device, owner: { state: 'failed' } };
    if (users === undefined) return { ...device, owner: { state: 'loading' } };
    const user = users.get(device.user_id);
    return {
      ...device,
      owner: user ? { state: 'found', email: user.email, name: user.name } : { state: 'unknown' },
    };
  });
}

/** The owners to look up for a page of devices. */
export const ownerIdsOf = (devices: readonly Device[] | undefined): number[] =>
  (devices ?? []).map((device) => device.user_id);
