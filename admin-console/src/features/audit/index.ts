// Admin audit trail screen (/admin/audit).
export { AuditScreen } from './audit-screen';
export { auditPath } from './audit-lists';
