// The records the use-cases hand back, for the entry-points that turn them into answers.
export type { AccountAuditRow, ListedUser, SignupEventRow, UserRow } from '../data-access';
