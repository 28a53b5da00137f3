import { type Query, type SignupOutcome } from '@pitclock/contracts';
import { LIMITS } from '@pitclock/contracts/schemas';

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

/** Page size of GET /admin/signup-events (SPEC.md section 9: 100). */
export const SIGNUP_EVENTS_PAGE = LIMITS.signupEventsPage;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight starting `date` ('YYYY-MM-DD'), or undefined for an empty or unreadable date. */
function localMidnight(date: string, addDays = 0): Date | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * The query of one page. The table shows times in local time, so the dates are the device's days: `from`
 * is sent as the instant its local day starts and `to` as the last millisecond of its local day (the
 * service takes an ISO instant as an inclusive bound; a bare date would be a UTC day). Empty filters are
 * left out (the service ignores them anyway); `before` is the id of the last row already shown.
 */
export function toSignupQuery(filters: SignupFilters, before: number | null): Query {
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
    limit: SIGNUP_EVENTS_PAGE,
    before: before ?? undefined,
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
