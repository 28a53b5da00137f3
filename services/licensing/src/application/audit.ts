import type { PageAnswer } from '@pitclock/contracts/schemas';
import type { AuditFilters, AuditRepository, AuditRow } from '../data-access';

export type AuditDeps = { audit: AuditRepository };

/** A page of the admin actions this service recorded (GET /api/admin/audit/licensing, admin). */
export const auditPage = ({ audit }: AuditDeps, filters: AuditFilters): Promise<PageAnswer<AuditRow>> =>
  audit.page(filters);
