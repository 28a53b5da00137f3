// The audit screen's state in the URL: which trail is shown (trail=licensing; accounts by default), each
// trail's own list (search, sort, page, action filter) under its name ('accounts.q', 'licensing.action'),
// and the user whose entries alone are shown (subject=42), which holds for both trails.
import { AUDIT_PAGE, PAGE_LIMITS } from '@pitclock/contracts/schemas';
import { listKey, oneOfFilter, type ListSpec } from '../../lib/list-state';
import { AREA_ACTIONS, AUDIT_AREAS, type AuditArea } from './audit-rows';

export type AuditColumn = keyof typeof AUDIT_PAGE.columns;
export type AuditFilter = 'action';

export const TRAIL_KEY = 'trail';
export const DEFAULT_TRAIL: AuditArea = 'accounts';
export const SUBJECT_KEY = 'subject';

const auditListSpec = (trail: AuditArea): ListSpec<AuditColumn, AuditFilter> => ({
  prefix: `${trail}.`,
  page: AUDIT_PAGE,
  limit: PAGE_LIMITS.limitDefault,
  filters: { action: oneOfFilter(AREA_ACTIONS[trail]) },
});

/** Each trail's list, newest first (module constants: useListState keys its memo on the spec). */
export const AUDIT_LISTS: Record<AuditArea, ListSpec<AuditColumn, AuditFilter>> = {
  accounts: auditListSpec('accounts'),
  licensing: auditListSpec('licensing'),
};

/** A cursor belongs to one subject: another subject starts both trails on their first page. */
export const SUBJECT_DEPENDENTS = AUDIT_AREAS.map((trail) => listKey(AUDIT_LISTS[trail], 'cursor'));

const isTrail = (text: string | null): text is AuditArea => AUDIT_AREAS.some((trail) => trail === text);

/** The trail `params` names (an unknown name is the default one). */
export const readTrail = (params: URLSearchParams): AuditArea => {
  const text = params.get(TRAIL_KEY);
  return isTrail(text) ? text : DEFAULT_TRAIL;
};

/** `params` showing `trail` (the default one is left out of the URL); the trails' own lists stay. */
export function writeTrail(params: URLSearchParams, trail: AuditArea): URLSearchParams {
  const next = new URLSearchParams(params);
  if (trail === DEFAULT_TRAIL) next.delete(TRAIL_KEY);
  else next.set(TRAIL_KEY, trail);
  return next;
}

/** The path of the audit screen showing `trail`, only the actions on user `subject` if given. */
export function auditPath(trail: AuditArea, subject?: number): string {
  const params = writeTrail(new URLSearchParams(), trail);
  if (subject !== undefined) params.set(SUBJECT_KEY, String(subject));
  const query = params.toString();
  return query === '' ? '/admin/audit' : `/admin/audit?${query}`;
}
