import { type SignupOutcome } from '@pitclock/contracts';
import { LIMITS, PAGE_LIMITS, SIGNUP_EVENTS_PAGE } from '@pitclock/contracts/schemas';
import { dayFilter, oneOfFilter, textFilter, type ListSpec } from '../../lib/list-state';

export type OutcomeFilter = 'any' | SignupOutcome;

/** The filters as the form holds them; dates are 'YYYY-MM-DD' of date inputs (the device's days). */
export type SignupFilters = {
  email: string;
  outcome: OutcomeFilter;
  ip: string;
  platform: string;
  from: string;
  to: string;
};

export const NO_FILTERS: SignupFilters = {
  email: '',
  outcome: 'any',
  ip: '',
  platform: '',
  from: '',
  to: '',
};

/** The filters as GET /admin/signup-events takes them (SignupEventsPageQuery). */
export type SignupFilterQuery = {
  email?: string;
  outcome?: SignupOutcome;
  ip?: string;
  platform?: string;
  from?: string;
  to?: string;
};

/** Page size of the signup events (SPEC.md section 9: 100). */
export const SIGNUP_EVENTS_LIMIT = LIMITS.signupEventsPage;

export type SignupColumn = keyof typeof SIGNUP_EVENTS_PAGE.columns;
export type SignupFilterKey = keyof SignupFilters;

/**
 * The signup events list in the URL: q (part of the e-mail or the IP), sort, cursor, and the filters of
 * SPEC.md section 2 under their own names (email, outcome, ip, platform, from, to). Newest first.
 */
export const SIGNUP_EVENTS_LIST: ListSpec<SignupColumn, SignupFilterKey> = {
  prefix: '',
  page: SIGNUP_EVENTS_PAGE,
  limit: Math.min(SIGNUP_EVENTS_LIMIT, PAGE_LIMITS.limitMax),
  filters: {
    email: textFilter(LIMITS.filterMax),
    outcome: oneOfFilter(['success', 'error']),
    ip: textFilter(64),
    platform: textFilter(64),
    from: dayFilter,
    to: dayFilter,
  },
};

/** The form's filters of the list's (URL) filters. */
export function filtersOf(applied: Partial<Record<SignupFilterKey, string>>): SignupFilters {
  return {
    ...NO_FILTERS,
    ...applied,
    outcome: applied.outcome === 'success' || applied.outcome === 'error' ? applied.outcome : 'any',
  };
}

/** The list's (URL) filters of the form's: empty ones and outcome 'any' left out. */
export function appliedOf(filters: SignupFilters): Partial<Record<SignupFilterKey, string | undefined>> {
  const trimmed = trimFilters(filters);
  return { ...trimmed, outcome: trimmed.outcome === 'any' ? undefined : trimmed.outcome };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight starting `date` ('YYYY-MM-DD'), or undefined for an empty or unreadable date. */
function localMidnight(date: string, addDays = 0): Date | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * The filters of a page's query. The table shows times in local time, so the dates are the device's
 * days: `from` is sent as the instant its local day starts and `to` as the last millisecond of its local
 * day (the service takes an ISO instant as an inclusive bound; a bare date would be a UTC day). Empty
 * filters are left out (the service ignores them anyway).
 */
export function toSignupQuery(filters: SignupFilters): SignupFilterQuery {
  const from = localMidnight(filters.from);
  const nextDay = localMidnight(filters.to, 1);
  const text = (value: string) => value.trim() || undefined;
  return {
    email: text(filters.email),
    outcome: filters.outcome === 'any' ? undefined : filters.outcome,
    ip: text(filters.ip),
    platform: text(filters.platform),
    from: from?.toISOString(),
    to: nextDay ? new Date(nextDay.getTime() - 1).toISOString() : undefined,
  };
}

/** Both dates given and To before From (the service would refuse the query). */
export function datesOutOfOrder({ from, to }: Pick<SignupFilters, 'from' | 'to'>): boolean {
  return DATE.test(from) && DATE.test(to) && to < from;
}

/** The filters with their text trimmed (what is applied). */
export function trimFilters(filters: SignupFilters): SignupFilters {
  return {
    ...filters,
    email: filters.email.trim(),
    ip: filters.ip.trim(),
    platform: filters.platform.trim(),
  };
}
