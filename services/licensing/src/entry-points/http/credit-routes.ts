import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  AddCreditsRequest,
  AdminAdjustRequest,
  asksForPage,
  CreditsPageQuery,
  CreditsQuery,
  UserIdParam,
  type CreditChangeResponse,
  type CreditsPageResponse,
  type CreditsResponse,
} from '@pitclock/contracts/schemas';
import { parse, type Auth, mapPage } from '@pitclock/kit';
import { Router } from 'express';
import type { CreditChange } from '../../application/records';
import {
  adjustCredits,
  creditsOf,
  creditsPageOf,
  grantCredits,
  type CreditsDeps,
} from '../../application/credits';
import { actorOf } from './actor';
import { toLedgerEntry } from './views';

export type CreditRoutesDeps = CreditsDeps & { auth: Auth };

const changed = (userId: number, change: CreditChange): CreditChangeResponse => ({
  user_id: userId,
  balance: change.balance,
  entry: toLedgerEntry(change.entry),
});

/** GET /api/licenses/credits, POST /api/licenses/credits/admin-adjust, POST /api/users/{id}/credits (admin). */
export const createCreditRoutes = ({ auth, ...deps }: CreditRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.credits, auth.requireAdmin, async (req, res) => {
    if (asksForPage(req.query)) {
      const { user_id: userId, page } = parse(CreditsPageQuery, req.query);
      const { balance, ledger } = await creditsPageOf(deps, userId, page);
      res.json({
        user_id: userId,
        balance,
        ...mapPage(ledger, toLedgerEntry),
      } satisfies CreditsPageResponse);
      return;
    }
    const { user_id: userId } = parse(CreditsQuery, req.query);
    const { balance, ledger } = await creditsOf(deps, userId);
    res.json({ user_id: userId, balance, ledger: ledger.map(toLedgerEntry) } satisfies CreditsResponse);
  });

  router.post(API_PATHS.creditsAdminAdjust, auth.requireAdmin, async (req, res) => {
    const { user_id: userId, amount } = parse(AdminAdjustRequest, req.body);
    res.json(changed(userId, await adjustCredits(deps, actorOf(req), userId, amount)));
  });

  router.post(API_PATHS.userCredits, auth.requireAdmin, async (req, res) => {
    const userId = parse(UserIdParam, req.params.id, 'User id');
    const { amount } = parse(AddCreditsRequest, req.body);
    res.json(changed(userId, await grantCredits(deps, actorOf(req), userId, amount)));
  });

  return router;
};
