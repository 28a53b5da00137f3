import type { AUDIT_PAGE, AuditAction, PageAnswer, PageRequest } from '@pitclock/contracts/schemas';
import { containsPattern, type Db, type SortColumns, readTablePage, type Tx } from '@pitclock/kit';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AccountAuditEntry } from '../domain/account-audit';
import { accountAudit, type AccountAuditRow } from './schema';

export type AccountAuditColumn = keyof typeof AUDIT_PAGE.columns;

/** The audit entries a page holds: one admin's, those on one user, one action (each optional). */
export type AccountAuditFilter = { actorId?: number; subjectUserId?: number; action?: AuditAction };

export type AccountAuditRepository = {
  /** The entries of the filter that match request.q (part of the action, target id or a before/after value, any case). */
  page: (
    filter: AccountAuditFilter,
    request: PageRequest<AccountAuditColumn>,
  ) => Promise<PageAnswer<AccountAuditRow>>;
};

/** Records an admin action on an account, inside the action's transaction (so both happen or neither). */
export const recordAccountAudit = async (tx: Tx, entry: AccountAuditEntry): Promise<void> => {
  await tx.insert(accountAudit).values(entry);
};

const sortColumns: SortColumns<AccountAuditColumn> = {
  created_at: { expression: accountAudit.createdAt, kind: 'instant' },
  // Checked to be one of the lower-case AUDIT_ACTIONS: lower() would change nothing.
  action: { expression: accountAudit.action, kind: 'text' },
};

const conditionsOf = (filter: AccountAuditFilter, q: string | undefined): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actorId !== undefined) conditions.push(eq(accountAudit.actorId, filter.actorId));
  if (filter.subjectUserId !== undefined)
    conditions.push(eq(accountAudit.subjectUserId, filter.subjectUserId));
  if (filter.action !== undefined) conditions.push(eq(accountAudit.action, filter.action));
  if (q !== undefined) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(accountAudit.action, pattern),
        ilike(accountAudit.targetId, pattern),
        ilike(sql`${accountAudit.before}::text`, pattern),
        ilike(sql`${accountAudit.after}::text`, pattern),
      ),
    );
  }
  return and(...conditions);
};

export const createAccountAuditRepository = (db: Db): AccountAuditRepository => ({
  page: (filter, request) => {
    const matching = conditionsOf(filter, request.q);
    return readTablePage(db, accountAudit, { request, columns: sortColumns, where: matching });
  },
});
