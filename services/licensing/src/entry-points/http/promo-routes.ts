import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  asksForPage,
  CreatePromoCodeRequest,
  PromoCodeIdParam,
  PromoCodesPageQuery,
  RedeemRequest,
  type PromoCodesPageResponse,
  type PromoCodesResponse,
  type RedeemResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse, type Auth, mapPage } from '@pitclock/kit';
import { Router } from 'express';
import {
  createPromoCode,
  listPromoCodes,
  promoCodesPage,
  redeemPromoCode,
  togglePromoCode,
  type PromoCodesDeps,
} from '../../application/promo-codes';
import { toPromoCode } from './views';

export type PromoRoutesDeps = PromoCodesDeps & { auth: Auth };

/** GET and POST /api/promo-codes, POST /api/promo-codes/{id}/toggle (admin); POST /api/promo-codes/redeem (signed in). */
export const createPromoRoutes = ({ auth, ...deps }: PromoRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.promoCodes, auth.requireAdmin, async (req, res) => {
    if (asksForPage(req.query)) {
      const { page } = parse(PromoCodesPageQuery, req.query);
      res.json(mapPage(await promoCodesPage(deps, page), toPromoCode) satisfies PromoCodesPageResponse);
      return;
    }
    res.json((await listPromoCodes(deps)).map(toPromoCode) satisfies PromoCodesResponse);
  });

  router.post(API_PATHS.promoCodes, auth.requireAdmin, async (req, res) => {
    const request = parse(CreatePromoCodeRequest, req.body);
    res.status(201).json(toPromoCode(await createPromoCode(deps, getAuthUser(req).id, request)));
  });

  router.post(API_PATHS.promoCodeRedeem, auth.requireAuth, async (req, res) => {
    const { code, device_id: deviceUid } = parse(RedeemRequest, req.body);
    const redeemed = await redeemPromoCode(deps, { userId: getAuthUser(req).id, code, deviceUid });
    res.status(201).json({
      license: redeemed.license,
      expires_at: redeemed.expiresAt.toISOString(),
      device_id: redeemed.deviceUid,
      user_id: redeemed.userId,
    } satisfies RedeemResponse);
  });

  router.post(API_PATHS.promoCodeToggle, auth.requireAdmin, async (req, res) => {
    const id = parse(PromoCodeIdParam, req.params.id, 'Promo code id');
    res.json(toPromoCode(await togglePromoCode(deps, getAuthUser(req).id, id)));
  });

  return router;
};
