import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  ActivateRequest,
  LicenseCheckRequest,
  MintActivationCodeRequest,
  formatActivationCode,
  type ActivateResponse,
  type ActivationCodeResponse,
  type LicenseCheckResponse,
  type LicensePublicKeyResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, type Logger } from '@pitclock/kit';
import { Router } from 'express';
import type { ActivationCodesRepository, DevicesRepository } from '../../data-access';
import { decideActivationCode, newActivationCode, type ActivationCodeHashes } from '../../domain/activation';
import { checkDevice } from '../../domain/license-status';
import { signDeviceLicense } from '../../domain/license-token';
import { licenseExpiry } from '../../domain/promo-codes';
import type { LicenseKeys } from '../../license-keys';
import type { Guards } from './guards';
import { input } from './input';
import type { LicensingRateLimits } from './rate-limits';
import { refusal } from './refusals';

export type LicenseRoutesDeps = {
  devices: DevicesRepository;
  activationCodes: ActivationCodesRepository;
  activationCodeHashes: ActivationCodeHashes;
  guards: Guards;
  keys: LicenseKeys;
  limits: LicensingRateLimits;
  logger: Logger;
  clock: () => Date;
  defaultLicenseDays: number;
  activationCodeTtlMinutes: number;
};

/**
 * GET /api/licenses/public-key (anyone), POST /api/licenses/check (signed in), POST /api/licenses/codes
 * (admin), POST /api/license/activate (signed in).
 */
export const createLicenseRoutes = ({
  devices,
  activationCodes,
  activationCodeHashes,
  guards,
  keys,
  limits,
  logger,
  clock,
  defaultLicenseDays,
  activationCodeTtlMinutes,
}: LicenseRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.licensePublicKey, async (_req, res) => {
    const key = await keys.current();
    // The app caches it; the key changes only when an operator replaces it.
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({
      alg: key.alg,
      kid: key.kid,
      public_key: key.publicJwk,
      public_key_pem: key.publicPem,
    } satisfies LicensePublicKeyResponse);
  });

  router.post(API_PATHS.licenseCheck, guards.requireUser, async (req, res) => {
    const { device_id: deviceUid } = input(LicenseCheckRequest, req.body);
    const userId = getAuthUser(req).id;
    const now = clock();
    const device = await devices.touch(userId, deviceUid, now);
    const status = checkDevice(device, now);
    const body: LicenseCheckResponse = {
      status,
      expires_at: device ? device.licenseExpiresAt.toISOString() : null,
    };
    // Only an active device gets a renewed licence; a revoked one learns it here and gets none.
    if (status === 'active' && device) {
      body.license = signDeviceLicense(await keys.current(), {
        userId,
        deviceUid,
        issuedAt: now,
        expiresAt: device.licenseExpiresAt,
      });
    }
    res.json(body);
  });

  router.post(API_PATHS.activationCodes, guards.requireAdmin, async (req, res) => {
    const body = input(MintActivationCodeRequest, req.body);
    const actorId = getAuthUser(req).id;
    const userId = body.user_id ?? actorId;
    // The calling admin exists (the admin check asked auth); anyone else is looked up.
    if (userId !== actorId) await guards.ensureUserExists(req, userId);
    const now = clock();
    const expiresAt = new Date(now.getTime() + activationCodeTtlMinutes * 60_000);
    // 31^8 codes: a collision is rare; draw again a few times rather than fail.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Shown once, here; only its hash is stored.
      const code = newActivationCode();
      const minted = await activationCodes.mint({
        codeHash: activationCodeHashes.of(code),
        userId,
        createdBy: actorId,
        expiresAt,
        now,
      });
      if (minted === 'code_taken') continue;
      logger.info({ actorId, userId, activationCodeId: minted.id }, 'activation code minted');
      res.status(201).json({
        code: formatActivationCode(code),
        expires_at: minted.expiresAt.toISOString(),
        user_id: minted.userId,
      } satisfies ActivationCodeResponse);
      return;
    }
    throw new Error('could not draw an unused activation code in 5 attempts');
  });

  router.post(API_PATHS.licenseActivate, guards.requireUser, async (req, res) => {
    const body = input(ActivateRequest, req.body);
    const callerId = getAuthUser(req).id;
    await limits.activatePerUser.consume(`user:${callerId}`);
    const key = await keys.current();
    const now = clock();
    const result = await activationCodes.activate({
      codeHashes: activationCodeHashes.candidates(body.code),
      deviceUid: body.device_uid,
      deviceName: body.device_name,
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
    res.json({
      device_token: signDeviceLicense(key, {
        userId: device.userId,
        deviceUid: device.deviceUid,
        issuedAt: now,
        expiresAt: device.licenseExpiresAt,
      }),
      device_id: device.id,
      user_id: device.userId,
      expires_at: device.licenseExpiresAt.toISOString(),
      balance,
    } satisfies ActivateResponse);
  });

  return router;
};
