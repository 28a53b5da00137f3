import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  CreatePromoCodeRequest,
  LICENSING_MESSAGES,
  PromoCodeIdParam,
  RedeemRequest,
  type PromoCodesResponse,
  type RedeemResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, HttpError, notFound, parse, type Logger } from '@pitclock/kit';
import { Router } from 'express';
import type { PromoCodesRepository } from '../../data-access';
import { signDeviceLicense } from '../../domain/license-token';
import { decideRedeem, isFutureExpiry, licenseExpiry } from '../../domain/promo-codes';
import type { LicenseKeys } from '../../license-keys';
import type { Guards } from './guards';
import { input } from './input';
import type { LicensingRateLimits } from './rate-limits';
import { refusal } from './refusals';
import { toPromoCode } from './views';

export type PromoRoutesDeps = {
  promoCodes: PromoCodesRepository;
  guards: Guards;
  keys: LicenseKeys;
  limits: LicensingRateLimits;
  logger: Logger;
  clock: () => Date;
  defaultLicenseDays: number;
};

const m = LICENSING_MESSAGES;

/** GET and POST /api/promo-codes, POST /api/promo-codes/{id}/toggle (admin); POST /api/promo-codes/redeem (signed in). */
export const createPromoRoutes = ({
  promoCodes,
  guards,
  keys,
  limits,
  logger,
  clock,
  defaultLicenseDays,
}: PromoRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.promoCodes, guards.requireAdmin, async (_req, res) => {
    res.json((await promoCodes.list()).map(toPromoCode) satisfies PromoCodesResponse);
  });

  router.post(API_PATHS.promoCodes, guards.requireAdmin, async (req, res) => {
    const body = input(CreatePromoCodeRequest, req.body);
    if (!isFutureExpiry(body.expires_at, clock())) {
      throw new HttpError(400, 'validation_failed', m.expiresAtPast, {
        issues: [{ path: 'expires_at', message: m.expiresAtPast, code: 'custom' }],
      });
    }
    const actorId = getAuthUser(req).id;
    const created = await promoCodes.create({
      code: body.code,
      maxUses: body.max_uses,
      licenseDays: body.license_days,
      expiresAt: body.expires_at === null ? null : new Date(body.expires_at),
      createdBy: actorId,
    });
    if (created === 'code_taken') throw new HttpError(409, 'code_taken', m.codeTaken);
    logger.info({ actorId, promoCodeId: created.id }, 'promo code created');
    res.status(201).json(toPromoCode(created));
  });

  router.post(API_PATHS.promoCodeRedeem, guards.requireUser, async (req, res) => {
    const { code, device_id: deviceUid } = input(RedeemRequest, req.body);
    const userId = getAuthUser(req).id;
    await limits.redeemPerUser.consume(`user:${userId}`);
    // The key first: a redemption is never stored without a licence to hand back.
    const key = await keys.current();
    const now = clock();
    const result = await promoCodes.redeem({
      code,
      userId,
      deviceUid,
      now,
      decide: (facts) => decideRedeem({ ...facts, now }),
      expiryOf: (promo) => licenseExpiry(now, promo.licenseDays, defaultLicenseDays),
    });
    if (result.kind === 'refused') throw refusal(result.reason);
    // The device's licence: this grant, or a later one it already held.
    const expiresAt = result.device.licenseExpiresAt;
    logger.info(
      { userId, promoCodeId: result.promo.id, deviceId: result.device.id },
      'promo code redeemed: device licensed',
    );
    res.status(201).json({
      license: signDeviceLicense(key, { userId, deviceUid, issuedAt: now, expiresAt }),
      expires_at: expiresAt.toISOString(),
      device_id: deviceUid,
      user_id: userId,
    } satisfies RedeemResponse);
  });

  router.post(API_PATHS.promoCodeToggle, guards.requireAdmin, async (req, res) => {
    const id = parse(PromoCodeIdParam, req.params.id, 'Promo code id');
    const toggled = await promoCodes.toggle(id);
    if (!toggled) throw notFound(m.promoNotFound);
    logger.info(
      { actorId: getAuthUser(req).id, promoCodeId: id, isActive: toggled.isActive },
      'promo code toggled',
    );
    res.json(toPromoCode(toggled));
  });

  return router;
};
