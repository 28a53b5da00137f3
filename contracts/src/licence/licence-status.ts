import { verifyDeviceLicense, type DeviceLicenseClaims } from '../schemas/licensing-token';
import { LICENCE_GRACE_MS } from './licence-rules';
import type { LicenceStore } from './licence-store';

export type DeviceLicenceRefusal = 'none' | 'no-key' | 'invalid' | 'other-device' | 'expired';

export type DeviceLicenceStatus =
  { ok: true; claims: DeviceLicenseClaims; expiryMs: number } | { ok: false; reason: DeviceLicenceRefusal };

export interface DeviceLicenceCheck {
  /** The device id of this device (session.getDeviceId()). */
  deviceId: string;
  nowMs: number;
}

/**
 * Whether this device may start a cook-off, offline: the stored licence verifies with the cached public
 * key, names this device, and has not run out beyond the grace period (a cook-off may still be started
 * during the 7 days of grace, while the banner shows the licence as expired).
 */
export async function deviceLicenceStatus(
  store: LicenceStore,
  { deviceId, nowMs }: DeviceLicenceCheck,
): Promise<DeviceLicenceStatus> {
  const token = store.getLicence();
  if (token === null) return { ok: false, reason: 'none' };
  const key = store.getPublicKey();
  if (key === null) return { ok: false, reason: 'no-key' };
  const verified = await verifyDeviceLicense(token, key);
  if (!verified.ok) return { ok: false, reason: 'invalid' };
  const { claims } = verified;
  if (claims.device_id !== deviceId) return { ok: false, reason: 'other-device' };
  const expiryMs = claims.exp * 1000;
  if (nowMs > expiryMs + LICENCE_GRACE_MS) return { ok: false, reason: 'expired' };
  return { ok: true, claims, expiryMs };
}
