import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  AddCreditsRequest,
  AdminAdjustRequest,
  CreditsQuery,
  LICENSING_LIMITS,
  LICENSING_MESSAGES,
  UserIdParam,
  type CreditChangeResponse,
  type CreditsResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, HttpError, parse, type Logger } from '@pitclock/kit';
import { Router } from 'express';
import type { CreditChange, CreditsRepository } from '../../data-access';
import { CREDIT_REASONS, type CreditRefusal } from '../../domain/credits';
import type { Guards } from './guards';
import { input } from './input';
import { toLedgerEntry } from './views';

export type CreditRoutesDeps = {
  credits: CreditsRepository;
  guards: Guards;
  logger: Logger;
  clock: () => Date;
};

const refusals: Record<CreditRefusal, () => HttpError> = {
  below_zero: () => new HttpError(409, 'balance_below_zero', LICENSING_MESSAGES.balanceBelowZero),
  too_large: () => new HttpError(409, 'balance_too_large', LICENSING_MESSAGES.balanceTooLarge),
};

const changed = (userId: number, change: CreditChange | CreditRefusal): CreditChangeResponse => {
  if (typeof change === 'string') throw refusals[change]();
  return { user_id: userId, balance: change.balance, entry: toLedgerEntry(change.entry) };
};

/** GET /api/licenses/credits, POST /api/licenses/credits/admin-adjust, POST /api/users/{id}/credits (admin). */
export const createCreditRoutes = ({ credits, guards, logger, clock }: CreditRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.credits, guards.requireAdmin, async (req, res) => {
    const { user_id: userId } = input(CreditsQuery, req.query);
    res.json({
      user_id: userId,
      balance: await credits.balance(userId),
      ledger: (await credits.recent(userId, LICENSING_LIMITS.recentLedger)).map(toLedgerEntry),
    } satisfies CreditsResponse);
  });

  router.post(API_PATHS.creditsAdminAdjust, guards.requireAdmin, async (req, res) => {
    const { user_id: userId, amount } = input(AdminAdjustRequest, req.body);
    await guards.ensureUserExists(req, userId);
    const actorId = getAuthUser(req).id;
    const change = await credits.change({
      userId,
      delta: amount,
      reason: CREDIT_REASONS.adminAdjust,
      actorId,
      now: clock(),
    });
    const body = changed(userId, change);
    logger.info({ actorId, userId, delta: amount, balance: body.balance }, 'credits adjusted');
    res.json(body);
  });

  router.post(API_PATHS.userCredits, guards.requireAdmin, async (req, res) => {
    const userId = parse(UserIdParam, req.params.id, 'User id');
    const { amount } = input(AddCreditsRequest, req.body);
    await guards.ensureUserExists(req, userId);
    const actorId = getAuthUser(req).id;
    const change = await credits.change({
      userId,
      delta: amount,
      reason: CREDIT_REASONS.adminGrant,
      actorId,
      now: clock(),
    });
    const body = changed(userId, change);
    logger.info({ actorId, userId, delta: amount, balance: body.balance }, 'credits added');
    res.json(body);
  });

  return router;
};
