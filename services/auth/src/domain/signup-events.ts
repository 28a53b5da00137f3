import type { SignupEventsQuery, SignupOutcome } from '@pitclock/contracts/schemas';

/** The filters of a signup-events query, which its page query (SignupEventsPageQuery) shares. */
export type SignupEventFilterQuery = Pick<
  SignupEventsQuery,
  'email' | 'outcome' | 'ip' | 'platform' | 'from' | 'to'
>;

/** The events a list or a page holds. */
export type SignupEventConditions = {
  /** Part of the e-mail, compared in lower case. */
  emailContains?: string;
  outcome?: SignupOutcome;
  ip?: string;
  /** Compared in lower case. */
  platform?: string;
  from?: Date;
  to?: { at: Date; inclusive: boolean };
};

/** The old list (limit and before=): its conditions, at most limit rows below beforeId. */
export type SignupEventFilter = SignupEventConditions & {
  limit: number;
  /** Only events with a smaller id (the next page). */
  beforeId?: number;
};

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

/**
 * The instants PostgreSQL can be sent as a JavaScript Date (drizzle writes toISOString(), which has no year
 * 0 PostgreSQL accepts and writes year 10000 as '+010000'). A bound beyond them keeps its meaning when moved
 * onto them: no event is stored outside.
 */
export const FIRST_INSTANT = new Date('0001-01-01T00:00:00.000Z');
export const LAST_INSTANT = new Date('9999-12-31T23:59:59.999Z');
const clamp = (at: Date) => (at < FIRST_INSTANT ? FIRST_INSTANT : at > LAST_INSTANT ? LAST_INSTANT : at);

/**
 * The conditions of a parsed query's filters. A date (YYYY-MM-DD) is a whole UTC day: `from` starts at its
 * midnight and `to` includes all of it; an instant is used as given (both ends inclusive).
 * Answers an error text when `from` is after `to`. Bounds before year 1 or after year 9999 (UTC) are moved
 * onto FIRST_INSTANT and LAST_INSTANT, which PostgreSQL stores.
 */
export const toSignupEventConditions = (
  query: SignupEventFilterQuery,
): { conditions: SignupEventConditions } | { error: string } => {
  const conditions: SignupEventConditions = {};
  if (query.email) conditions.emailContains = query.email.toLowerCase();
  if (query.outcome !== 'any') conditions.outcome = query.outcome;
  if (query.ip) conditions.ip = query.ip;
  if (query.platform) conditions.platform = query.platform.toLowerCase();
  if (query.from)
    conditions.from = new Date(dateOnly.test(query.from) ? `${query.from}T00:00:00Z` : query.from);
  if (query.to) {
    conditions.to = dateOnly.test(query.to)
      ? { at: new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs), inclusive: false }
      : { at: new Date(query.to), inclusive: true };
  }
  if (conditions.from && conditions.to) {
    const { at, inclusive } = conditions.to;
    if (inclusive ? conditions.from > at : conditions.from >= at)
      return { error: 'from must not be after to' };
  }
  if (conditions.from) conditions.from = clamp(conditions.from);
  if (conditions.to && clamp(conditions.to.at) !== conditions.to.at)
    conditions.to = { at: clamp(conditions.to.at), inclusive: true };
  return { conditions };
};

/** The filter of the old list (toSignupEventConditions, with its limit and before=). */
export const toSignupEventFilter = (
  query: SignupEventsQuery,
): { filter: SignupEventFilter } | { error: string } => {
  const result = toSignupEventConditions(query);
  if ('error' in result) return result;
  const filter: SignupEventFilter = { ...result.conditions, limit: query.limit };
  if (query.before !== undefined) filter.beforeId = query.before;
  return { filter };
};
