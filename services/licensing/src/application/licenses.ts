import type { ActivateRequest, MintActivationCodeRequest } from '@pitclock/contracts/schemas';
import type { Logger } from '@pitclock/kit';
import type {
  ActivationCodeRow,
  ActivationCodesRepository,
  DeviceRow,
  DevicesRepository,
} from '../data-access';
import { decideActivationCode, newActivationCode, type ActivationCodeHashes } from '../domain/activation';
import { checkDevice, type DeviceCheck } from '../domain/license-status';
import { signDeviceLicense, type LicenseKey } from '../domain/license-token';
import { licenseExpiry } from '../domain/promo-codes';
import { ensureUserExists, type Actor, type AdminsDeps } from './admins';
import type { LicenseKeys } from './license-keys';
import type { LicensingRateLimits } from './rate-limits';
import { refusal } from './refusals';

export type LicensesDeps = AdminsDeps & {
  devices: DevicesRepository;
  activationCodes: ActivationCodesRepository;
  activationCodeHashes: ActivationCodeHashes;
  keys: LicenseKeys;
  limits: LicensingRateLimits;
  logger: Logger;
  clock: () => Date;
  defaultLicenseDays: number;
  activationCodeTtlMinutes: number;
};

/** The key licences are verified with (GET /api/licenses/public-key). */
export const licensePublicKey = ({ keys }: LicensesDeps): Promise<LicenseKey> => keys.current();

export type LicenseCheck = { status: DeviceCheck; expiresAt: Date | null; license?: string };

/**
 * The app's online check of its device (POST /api/licenses/check): the device's state, and a renewed
 * licence for an active one only (a revoked device learns it here and gets none).
 */
export const checkLicense = async (
  { devices, keys, clock }: LicensesDeps,
  userId: number,
  deviceUid: string,
): Promise<LicenseCheck> => {
  const now = clock();
  const device = await devices.touch(userId, deviceUid, now);
  const status = checkDevice(device, now);
  const check: LicenseCheck = { status, expiresAt: device ? device.licenseExpiresAt : null };
  if (status === 'active' && device) {
    check.license = await signDeviceLicense(await keys.current(), {
      userId,
      deviceUid,
      issuedAt: now,
      expiresAt: device.licenseExpiresAt,
    });
  }
  return check;
};

/**
 * Mints an activation code for a user, the admin by default (POST /api/licenses/codes, admin), with its
 * audit entry. The code is answered once, here; only its hash is stored.
 */
export const mintActivationCode = async (
  deps: LicensesDeps,
  actor: Actor,
  request: MintActivationCodeRequest,
): Promise<{ code: string; row: ActivationCodeRow }> => {
  const { activationCodes, activationCodeHashes, logger, clock, activationCodeTtlMinutes } = deps;
  const userId = request.user_id ?? actor.id;
  // The calling admin exists (the admin check asked auth); anyone else is looked up.
  if (userId !== actor.id) await ensureUserExists(deps, actor, userId);
  const now = clock();
  const expiresAt = new Date(now.getTime() + activationCodeTtlMinutes * 60_000);
  // 31^8 codes: a collision is rare; draw again a few times rather than fail.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newActivationCode();
    const minted = await activationCodes.mint({
      codeHash: activationCodeHashes.of(code),
      userId,
      createdBy: actor.id,
      expiresAt,
      now,
    });
    if (minted === 'code_taken') continue;
    logger.info({ actorId: actor.id, userId, activationCodeId: minted.id }, 'activation code minted');
    return { code, row: minted };
  }
  throw new Error('could not draw an unused activation code in 5 attempts');
};

export type Activation = { deviceToken: string; device: DeviceRow; balance: number };

/**
 * Activates a device with an activation code and one of its user's credits (POST
 * /api/license/activate), within the caller's rate limit, recorded in the audit trail as the caller's;
 * answers the device's signed licence.
 */
export const activateDevice = async (
  { activationCodes, activationCodeHashes, keys, limits, logger, clock, defaultLicenseDays }: LicensesDeps,
  callerId: number,
  request: ActivateRequest,
): Promise<Activation> => {
  await limits.activatePerUser.consume(`user:${callerId}`);
  const key = await keys.current();
  const now = clock();
  const result = await activationCodes.activate({
    callerId,
    codeHashes: activationCodeHashes.candidates(request.code),
    deviceUid: request.device_uid,
    deviceName: request.device_name,
    now,
    licenseExpiresAt: licenseExpiry(now, null, defaultLicenseDays),
    decide: (code) => decideActivationCode(code, now),
  });
  if (result.kind === 'refused') throw refusal(result.reason);
  const { device, balance } = result;
  logger.info(
    { callerId, userId: device.userId, deviceId: device.id, activationCodeId: result.code.id },
    'device activated with a code and a credit',
  );
  const deviceToken = await signDeviceLicense(key, {
    userId: device.userId,
    deviceUid: device.deviceUid,
    issuedAt: now,
    expiresAt: device.licenseExpiresAt,
  });
  return { deviceToken, device, balance };
};
