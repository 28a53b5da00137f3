// The audit trail's reading side, shared by the services that keep one (contracts' audit.ts): each keeps
// its own append-only table with the same columns, and pages and searches it the same way.
import type {
  AUDIT_PAGE,
  AuditAction,
  AuditEntry,
  AuditValues,
  PageAnswer,
  PageRequest,
} from '@pitclock/contracts/schemas';
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { containsPattern, readTablePage, type SortColumns } from './pages';

export type AuditColumn = keyof typeof AUDIT_PAGE.columns;

/** The columns every audit table has. */
export type AuditTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  actorId: PgColumn;
  action: PgColumn;
  targetId: PgColumn;
  subjectUserId: PgColumn;
  before: PgColumn;
  after: PgColumn;
};

/**
 * What q searches in an audit row: its action, target id and before/after values as one text. A table's
 * trigram index must be built on this very expression (`USING gin (<it> gin_trgm_ops)`) for q to use it.
 */
export const auditSearchTextOf = (table: Pick<AuditTable, 'action' | 'targetId' | 'before' | 'after'>): SQL =>
  sql`(${table.action} || ' ' || ${table.targetId} || ' ' || coalesce(${table.before}::text, '') || ' ' || coalesce(${table.after}::text, ''))`;

/** Which entries a page holds: one admin's, those on one user, one action (each optional), and q. */
export type AuditFilter = {
  actorId?: number | undefined;
  subjectUserId?: number | undefined;
  action?: AuditAction | undefined;
  page: PageRequest<AuditColumn>;
};

/** A page of an audit table under the filter; sorts by time or action (actions are lower-case by their CHECK). */
export const readAuditPage = <T extends AuditTable>(
  db: Db,
  table: T,
  { actorId, subjectUserId, action, page }: AuditFilter,
): Promise<PageAnswer<T['$inferSelect']>> => {
  const columns: SortColumns<AuditColumn> = {
    created_at: { expression: table.createdAt, kind: 'instant' },
    action: { expression: table.action, kind: 'text' },
  };
  const where = and(
    actorId === undefined ? undefined : eq(table.actorId, actorId),
    subjectUserId === undefined ? undefined : eq(table.subjectUserId, subjectUserId),
    action === undefined ? undefined : eq(table.action, action),
    page.q === undefined ? undefined : ilike(auditSearchTextOf(table), containsPattern(page.q)),
  );
  return readTablePage(db, table, { request: page, columns, where });
};

/** An audit row as a service's table reads it. */
export type AuditRowLike = {
  id: number;
  createdAt: Date;
  actorId: number | null;
  action: AuditAction;
  targetId: string;
  subjectUserId: number | null;
  before: AuditValues;
  after: AuditValues;
};

/** An audit row as the API shows it. */
export const toAuditEntry = (row: AuditRowLike): AuditEntry => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  actor_id: row.actorId,
  action: row.action,
  target_id: row.targetId,
  subject_user_id: row.subjectUserId,
  before: row.before,
  after: row.after,
});
