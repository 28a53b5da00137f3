import type { AuditAction, AuditQuery, PageAnswer } from '@pitclock/contracts/schemas';
import { containsPattern, type Db, type SortColumns, readTablePage, type Tx } from '@pitclock/kit';
import { and, eq, ilike } from 'drizzle-orm';
import type { AuditRecord } from '../domain/audit';
import { auditSearchText, licensingAudit, type AuditRow } from './schema';

/** Appends one row to the audit trail, in the transaction of the action it records. */
export const recordAudit = async (tx: Tx, record: AuditRecord): Promise<void> => {
  await tx.insert(licensingAudit).values(record);
};

const auditSorts: SortColumns<AuditQuery['page']['sort']['column']> = {
  created_at: { expression: licensingAudit.createdAt, kind: 'instant' },
  // Actions are lower-case (the table's CHECK), so the column sorts as it is.
  action: { expression: licensingAudit.action, kind: 'text' },
};

export type AuditFilters = {
  actorId?: number | undefined;
  subjectUserId?: number | undefined;
  action?: AuditAction | undefined;
  page: AuditQuery['page'];
};

export type AuditRepository = {
  /** A page of the audit trail; q matches part of the action, the target id or a before/after value, any case. */
  page: (filters: AuditFilters) => Promise<PageAnswer<AuditRow>>;
};

export const createAuditRepository = (db: Db): AuditRepository => ({
  page: ({ actorId, subjectUserId, action, page }) => {
    const own = and(
      actorId === undefined ? undefined : eq(licensingAudit.actorId, actorId),
      subjectUserId === undefined ? undefined : eq(licensingAudit.subjectUserId, subjectUserId),
      action === undefined ? undefined : eq(licensingAudit.action, action),
      page.q === undefined ? undefined : ilike(auditSearchText, containsPattern(page.q)),
    );
    return readTablePage(db, licensingAudit, { request: page, columns: auditSorts, where: own });
  },
});
