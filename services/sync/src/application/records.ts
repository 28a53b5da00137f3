// The records the use-cases hand back, for the entry-points that turn them into answers.
export type { TeamMemberRow, TeamWithMembers } from '../data-access';
