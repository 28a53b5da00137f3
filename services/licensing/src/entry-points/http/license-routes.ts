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
import { getAuthUser, parse, type Auth } from '@pitclock/kit';
import { Router } from 'express';
import {
  activateDevice,
  checkLicense,
  licensePublicKey,
  mintActivationCode,
  type LicensesDeps,
} from '../../application/licenses';
import { actorOf } from './actor';

export type LicenseRoutesDeps = LicensesDeps & { auth: Auth };

/**
 * GET /api/licenses/public-key (anyone), POST /api/licenses/check (signed in), POST /api/licenses/codes
 * (admin), POST /api/license/activate (signed in).
 */
export const createLicenseRoutes = ({ auth, ...deps }: LicenseRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.licensePublicKey, async (_req, res) => {
    const key = await licensePublicKey(deps);
    // The app caches it; the key changes only when an operator replaces it.
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({
      alg: key.alg,
      kid: key.kid,
      public_key: key.publicJwk,
      public_key_pem: key.publicPem,
    } satisfies LicensePublicKeyResponse);
  });

  router.post(API_PATHS.licenseCheck, auth.requireAuth, async (req, res) => {
    const { device_id: deviceUid } = parse(LicenseCheckRequest, req.body);
    const check = await checkLicense(deps, getAuthUser(req).id, deviceUid);
    const body: LicenseCheckResponse = {
      status: check.status,
      expires_at: check.expiresAt ? check.expiresAt.toISOString() : null,
    };
    if (check.license !== undefined) body.license = check.license;
    res.json(body);
  });

  router.post(API_PATHS.activationCodes, auth.requireAdmin, async (req, res) => {
    const request = parse(MintActivationCodeRequest, req.body);
    const { code, row } = await mintActivationCode(deps, actorOf(req), request);
    res.status(201).json({
      code: formatActivationCode(code),
      expires_at: row.expiresAt.toISOString(),
      user_id: row.userId,
    } satisfies ActivationCodeResponse);
  });

  router.post(API_PATHS.licenseActivate, auth.requireAuth, async (req, res) => {
    const request = parse(ActivateRequest, req.body);
    const { deviceToken, device, balance } = await activateDevice(deps, getAuthUser(req).id, request);
    res.json({
      device_token: deviceToken,
      device_id: device.id,
      user_id: device.userId,
      expires_at: device.licenseExpiresAt.toISOString(),
      balance,
    } satisfies ActivateResponse);
  });

  return router;
};
