import type { DeviceLicenseClaims } from '../schemas/licensing-token';
import { LICENSE_GRACE_MS } from './license-rules';
import type { LicenseStore } from './license-store';

export type DeviceLicenseRefusal = 'none' | 'no-key' | 'invalid' | 'other-device' | 'expired';

export type DeviceLicenseStatus =
  { ok: true; claims: DeviceLicenseClaims; expiryMs: number } | { ok: false; reason: DeviceLicenseRefusal };

export interface DeviceLicenseCheck {
  /** The device id of this device (session.getDeviceId()). */
  deviceId: string;
  nowMs: number;
}

/**
 * Whether this device may start a cook-off, offline: the stored licence verifies with the cached public
 * key, names this device, and has not run out beyond the grace period (a cook-off may still be started
 * during the 7 days of grace, while the banner shows the licence as expired).
 */
export async function deviceLicenseStatus(
  store: LicenseStore,
  { deviceId, nowMs }: DeviceLicenseCheck,
): Promise<DeviceLicenseStatus> {
  const token = store.getLicense();
  if (token === null) return { ok: false, reason: 'none' };
  const key = store.getPublicKey();
  if (key === null) return { ok: false, reason: 'no-key' };
  // jose's WebCrypto verification loads with the first check, not with every page.
  const { verifyDeviceLicense } = await import('../schemas/licensing-verify');
  const verified = await verifyDeviceLicense(token, key);
  if (!verified.ok) return { ok: false, reason: 'invalid' };
  const { claims } = verified;
  if (claims.device_id !== deviceId) return { ok: false, reason: 'other-device' };
  const expiryMs = claims.exp * 1000;
  if (nowMs > expiryMs + LICENSE_GRACE_MS) return { ok: false, reason: 'expired' };
  return { ok: true, claims, expiryMs };
}
