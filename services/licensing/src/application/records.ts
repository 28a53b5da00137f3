// The records the use-cases hand back, for the entry-points that turn them into answers.
export type { AuditRow, CreditChange, DeviceRow, LedgerRow, PromoCodeRow } from '../data-access';
