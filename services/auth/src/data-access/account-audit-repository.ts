import type { PageAnswer } from '@pitclock/contracts/schemas';
import { readAuditPage, type AuditFilter, type Db, type Tx } from '@pitclock/kit';
import type { AccountAuditEntry } from '../domain/account-audit';
import { accountAudit, type AccountAuditRow } from './schema';

/** The audit entries a page holds: one admin's, those on one user, one action (each optional), and q. */
export type AccountAuditFilter = AuditFilter;

export type AccountAuditRepository = {
  /** The entries of the filter that match its q (part of the action, target id or a before/after value, any case). */
  page: (filter: AccountAuditFilter) => Promise<PageAnswer<AccountAuditRow>>;
};

/** Records an admin action on an account, inside the action's transaction (so both happen or neither). */
export const recordAccountAudit = async (tx: Tx, entry: AccountAuditEntry): Promise<void> => {
  await tx.insert(accountAudit).values(entry);
};

export const createAccountAuditRepository = (db: Db): AccountAuditRepository => ({
  page: (filter) => readAuditPage(db, accountAudit, filter),
});
