type Member = { role: 'owner' | 'member' } | undefined;

export type TeamRefusal =
  | 'team_not_found'
  | 'team_owner_only'
  | 'team_owner_cannot_leave'
  | 'team_member_not_found'
  | 'team_invite_invalid'
  | 'team_already_member'
  | 'team_full'
  | 'too_many_teams';

/**
 * Who may take whom out of a team: a member themself (leaving), the owner anyone else. The owner cannot
 * leave. A caller who is not a member learns nothing of the team (404, as for no team at all).
 */
export const removalRefusal = ({
  actorId,
  targetId,
  actor,
  target,
}: {
  actorId: number;
  targetId: number;
  actor: Member;
  target: Member;
}): TeamRefusal | undefined => {
  if (!actor) return 'team_not_found';
  if (actorId === targetId) return actor.role === 'owner' ? 'team_owner_cannot_leave' : undefined;
  if (actor.role !== 'owner') return 'team_owner_only';
  return target ? undefined : 'team_member_not_found';
};

/** Why a join is refused (checked in this order), or undefined. */
export const joinRefusal = ({
  inviteUsable,
  alreadyMember,
  members,
  membersPerTeam,
  teamsOfUser,
  teamsPerUser,
}: {
  inviteUsable: boolean;
  alreadyMember: boolean;
  members: number;
  membersPerTeam: number;
  teamsOfUser: number;
  teamsPerUser: number;
}): TeamRefusal | undefined => {
  if (!inviteUsable) return 'team_invite_invalid';
  if (alreadyMember) return 'team_already_member';
  if (members >= membersPerTeam) return 'team_full';
  if (teamsOfUser >= teamsPerUser) return 'too_many_teams';
  return undefined;
};
