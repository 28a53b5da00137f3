import type { LicenseStatus } from '@pitclock/contracts/schemas';
import { isExpired } from './promo-codes';

export type DeviceState = { revokedAt: Date | null; licenseExpiresAt: Date };

/** What the app's online check learns about its device. */
export type DeviceCheck = 'none' | 'revoked' | 'expired' | 'active';

export const checkDevice = (device: DeviceState | undefined, now: Date): DeviceCheck => {
  if (!device) return 'none';
  if (device.revokedAt !== null) return 'revoked';
  return isExpired(device.licenseExpiresAt, now) ? 'expired' : 'active';
};

/**
 * A user's licence status from their devices: none without any device; active when at least one device
 * is neither revoked nor expired; inactive otherwise (every device revoked or expired).
 */
export const licenseStatusOf = (devices: readonly DeviceState[], now: Date): LicenseStatus => {
  if (devices.length === 0) return 'none';
  return devices.some((device) => checkDevice(device, now) === 'active') ? 'active' : 'inactive';
};
