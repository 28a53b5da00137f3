import type { Team } from '@pitclock/contracts/schemas';
import { teamScope } from '@pitclock/contracts/sync';
import type { TeamWithMembers } from '../../application/records';

/** A team as its member `userId` sees it (Team of contracts). */
export const toTeamView = (team: TeamWithMembers, userId: number): Team => ({
  id: team.id,
  name: team.name,
  scope: teamScope(team.id),
  role: team.ownerId === userId ? 'owner' : 'member',
  members: team.members.map((member) => ({
    user_id: String(member.userId),
    name: member.name,
    role: member.role,
    joined_at: member.joinedAt.toISOString(),
  })),
  created_at: team.createdAt.toISOString(),
});
