import {
  LICENSING_MESSAGES as m,
  type CreatePromoCode,
  type PageAnswer,
  type PromoCodesPageQuery,
} from '@pitclock/contracts/schemas';
import { HttpError, notFound, type Logger } from '@pitclock/kit';
import type { PromoCodeRow, PromoCodesRepository } from '../data-access';
import { signDeviceLicense } from '../domain/license-token';
import { decideRedeem, isFutureExpiry, licenseExpiry } from '../domain/promo-codes';
import type { LicenseKeys } from './license-keys';
import type { LicensingRateLimits } from './rate-limits';
import { refusal } from './refusals';

export type PromoCodesDeps = {
  promoCodes: PromoCodesRepository;
  keys: LicenseKeys;
  limits: LicensingRateLimits;
  logger: Logger;
  clock: () => Date;
  defaultLicenseDays: number;
};

/** Every promo code (GET /api/promo-codes, admin). */
export const listPromoCodes = ({ promoCodes }: PromoCodesDeps): Promise<PromoCodeRow[]> => promoCodes.list();

/** A page of the promo codes (GET /api/promo-codes with page keys, admin). */
export const promoCodesPage = (
  { promoCodes }: PromoCodesDeps,
  request: PromoCodesPageQuery['page'],
): Promise<PageAnswer<PromoCodeRow>> => promoCodes.page(request);

/**
 * Creates a promo code (POST /api/promo-codes, admin), with its audit entry: its expiry lies ahead and its
 * code is new.
 */
export const createPromoCode = async (
  { promoCodes, logger, clock }: PromoCodesDeps,
  actorId: number,
  request: CreatePromoCode,
): Promise<PromoCodeRow> => {
  if (!isFutureExpiry(request.expires_at, clock())) {
    throw new HttpError(400, 'validation_failed', m.expiresAtPast, {
      issues: [{ path: 'expires_at', message: m.expiresAtPast, code: 'custom' }],
    });
  }
  const created = await promoCodes.create({
    code: request.code,
    maxUses: request.max_uses,
    licenseDays: request.license_days,
    expiresAt: request.expires_at === null ? null : new Date(request.expires_at),
    createdBy: actorId,
  });
  if (created === 'code_taken') throw new HttpError(409, 'code_taken', m.codeTaken);
  logger.info({ actorId, promoCodeId: created.id }, 'promo code created');
  return created;
};

export type Redemption = { license: string; expiresAt: Date; deviceUid: string; userId: number };

/**
 * Redeems a promo code for one of the user's devices (POST /api/promo-codes/redeem): within the user's
 * rate limit, decided on the locked code row (see decideRedeem), and answered with the device's signed
 * licence, of this grant or of a later one the device already held.
 */
export const redeemPromoCode = async (
  { promoCodes, keys, limits, logger, clock, defaultLicenseDays }: PromoCodesDeps,
  { userId, code, deviceUid }: { userId: number; code: string; deviceUid: string },
): Promise<Redemption> => {
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
  const expiresAt = result.device.licenseExpiresAt;
  logger.info(
    { userId, promoCodeId: result.promo.id, deviceId: result.device.id },
    'promo code redeemed: device licensed',
  );
  return {
    license: await signDeviceLicense(key, { userId, deviceUid, issuedAt: now, expiresAt }),
    expiresAt,
    deviceUid,
    userId,
  };
};

/** Switches a promo code on or off (POST /api/promo-codes/{id}/toggle, admin), with its audit entry. */
export const togglePromoCode = async (
  { promoCodes, logger }: PromoCodesDeps,
  actorId: number,
  id: number,
): Promise<PromoCodeRow> => {
  const toggled = await promoCodes.toggle(id, actorId);
  if (!toggled) throw notFound(m.promoNotFound);
  logger.info({ actorId, promoCodeId: id, isActive: toggled.isActive }, 'promo code toggled');
  return toggled;
};
