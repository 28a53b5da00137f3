import type { SignupEventsQuery, SignupOutcome } from '@pitclock/contracts/schemas';

export type SignupEventFilter = {
  /** Part of the e-mail, compared in lower case. */
  emailContains?: string;
  outcome?: SignupOutcome;
  ip?: string;
  /** Compared in lower case. */
  platform?: string;
  from?: Date;
  to?: { at: Date; inclusive: boolean };
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
 * The list filter of a parsed query. A date (YYYY-MM-DD) is a whole UTC day: `from` starts at its
 * midnight and `to` includes all of it; an instant is used as given (both ends inclusive).
 * Answers an error text when `from` is after `to`. Bounds before year 1 or after year 9999 (UTC) are moved
 * onto FIRST_INSTANT and LAST_INSTANT, which PostgreSQL stores.
 */
export const toSignupEventFilter = (
  query: SignupEventsQuery,
): { filter: SignupEventFilter } | { error: string } => {
  const filter: SignupEventFilter = { limit: query.limit };
  if (query.email) filter.emailContains = query.email.toLowerCase();
  if (query.outcome !== 'any') filter.outcome = query.outcome;
  if (query.ip) filter.ip = query.ip;
  if (query.platform) filter.platform = query.platform.toLowerCase();
  if (query.before !== undefined) filter.beforeId = query.before;
  if (query.from) filter.from = new Date(dateOnly.test(query.from) ? `${query.from}T00:00:00Z` : query.from);
  if (query.to) {
    filter.to = dateOnly.test(query.to)
      ? { at: new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs), inclusive: false }
      : { at: new Date(query.to), inclusive: true };
  }
  if (filter.from && filter.to) {
    const { at, inclusive } = filter.to;
    if (inclusive ? filter.from > at : filter.from >= at) return { error: 'from must not be after to' };
  }
  if (filter.from) filter.from = clamp(filter.from);
  if (filter.to && clamp(filter.to.at) !== filter.to.at)
    filter.to = { at: clamp(filter.to.at), inclusive: true };
  return { filter };
};
