import {
  LICENSING_LIMITS,
  LICENSING_MESSAGES,
  type CreditsPageQuery,
  type PageAnswer,
} from '@pitclock/contracts/schemas';
import { HttpError, type Logger } from '@pitclock/kit';
import type { CreditChange, CreditsRepository, LedgerRow } from '../data-access';
import { CREDIT_REASONS, type AdminCreditReason, type CreditRefusal } from '../domain/credits';
import { ensureUserExists, type Actor, type AdminsDeps } from './admins';

export type CreditsDeps = AdminsDeps & { credits: CreditsRepository; logger: Logger; clock: () => Date };

/** A user's balance and latest ledger entries (GET /api/licenses/credits, admin). */
export const creditsOf = async (
  { credits }: CreditsDeps,
  userId: number,
): Promise<{ balance: number; ledger: LedgerRow[] }> => ({
  balance: await credits.balance(userId),
  ledger: await credits.recent(userId, LICENSING_LIMITS.recentLedger),
});

/** A user's balance and a page of their ledger (GET /api/licenses/credits with page keys, admin). */
export const creditsPageOf = async (
  { credits }: CreditsDeps,
  userId: number,
  request: CreditsPageQuery['page'],
): Promise<{ balance: number; ledger: PageAnswer<LedgerRow> }> => {
  const [balance, ledger] = await Promise.all([credits.balance(userId), credits.page(userId, request)]);
  return { balance, ledger };
};

/** Moves a user's credits either way (POST /api/licenses/credits/admin-adjust, admin). */
export const adjustCredits = (deps: CreditsDeps, actor: Actor, userId: number, amount: number) =>
  changeCredits(
    deps,
    actor,
    { userId, delta: amount, reason: CREDIT_REASONS.adminAdjust },
    'credits adjusted',
  );

/** Adds credits to a user (POST /api/users/{id}/credits, admin). */
export const grantCredits = (deps: CreditsDeps, actor: Actor, userId: number, amount: number) =>
  changeCredits(deps, actor, { userId, delta: amount, reason: CREDIT_REASONS.adminGrant }, 'credits added');

const refusals: Record<CreditRefusal, () => HttpError> = {
  below_zero: () => new HttpError(409, 'balance_below_zero', LICENSING_MESSAGES.balanceBelowZero),
  too_large: () => new HttpError(409, 'balance_too_large', LICENSING_MESSAGES.balanceTooLarge),
};

/**
 * Changes the balance of a user the auth service knows, with its ledger entry and its audit entry; a
 * balance that would go below 0 or past its bound is refused (409) and nothing is stored.
 */
const changeCredits = async (
  deps: CreditsDeps,
  actor: Actor,
  { userId, delta, reason }: { userId: number; delta: number; reason: AdminCreditReason },
  what: string,
): Promise<CreditChange> => {
  await ensureUserExists(deps, actor, userId);
  const change = await deps.credits.change({ userId, delta, reason, actorId: actor.id, now: deps.clock() });
  if (typeof change === 'string') throw refusals[change]();
  deps.logger.info({ actorId: actor.id, userId, delta, balance: change.balance }, what);
  return change;
};
