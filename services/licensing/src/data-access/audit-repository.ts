import type { PageAnswer } from '@pitclock/contracts/schemas';
import { readAuditPage, type AuditFilter, type Db, type Tx } from '@pitclock/kit';
import type { AuditRecord } from '../domain/audit';
import { licensingAudit, type AuditRow } from './schema';

/** Appends one row to the audit trail, in the transaction of the action it records. */
export const recordAudit = async (tx: Tx, record: AuditRecord): Promise<void> => {
  await tx.insert(licensingAudit).values(record);
};

export type AuditFilters = AuditFilter;

export type AuditRepository = {
  /** A page of the audit trail; q matches part of the action, the target id or a before/after value, any case. */
  page: (filters: AuditFilters) => Promise<PageAnswer<AuditRow>>;
};

export const createAuditRepository = (db: Db): AuditRepository => ({
  page: (filters) => readAuditPage(db, licensingAudit, filters),
});
