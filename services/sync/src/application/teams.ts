import { randomInt } from 'node:crypto';
import { SYNC_LIMITS } from '@pitclock/contracts/schemas';
import type { Logger } from '@pitclock/kit';
import type { TeamsRepository, TeamWithMembers } from '../data-access';
import { hashInviteCode, inviteCode, inviteExpiry, inviteUsable } from '../domain/invite-code';
import { joinRefusal, removalRefusal } from '../domain/teams';
import type { LiveUpdates } from './live-updates';
import { refusal } from './refusals';

/** How many teams one account may be in, and members one team may have. */
export type TeamLimits = { teamsPerUser: number; membersPerTeam: number };

export type TeamsDeps = {
  teams: TeamsRepository;
  live: Pick<LiveUpdates, 'announceMembership'>;
  logger: Logger;
  clock: () => Date;
  inviteTtlHours: number;
  limits?: TeamLimits;
};

const limitsOf = (deps: TeamsDeps) => deps.limits ?? SYNC_LIMITS;

/** The users' streams follow their new teams; a poke lost here only delays that until they reconnect. */
const announce = async (deps: TeamsDeps, userIds: number[]) => {
  await deps.live.announceMembership(userIds).catch((err: unknown) => {
    deps.logger.warn({ err }, 'membership pokes not published');
  });
};

const memberTeam = async (deps: TeamsDeps, teamId: string, userId: number) => {
  const team = await deps.teams.teamOfMember(teamId, userId);
  if (!team) throw refusal('team_not_found');
  return team;
};

export const listTeams = (deps: TeamsDeps, userId: number) => deps.teams.teamsOf(userId);

/** A team the user is in; 404 otherwise (a team is never revealed to someone outside it). */
export const getTeam = (deps: TeamsDeps, teamId: string, userId: number) => memberTeam(deps, teamId, userId);

export const createTeam = async (
  deps: TeamsDeps,
  userId: number,
  input: { name: string; member_name: string },
): Promise<TeamWithMembers> => {
  const now = deps.clock();
  const teamId = await deps.teams.inTransaction(async (tx) => {
    await tx.lockUser(userId);
    if ((await tx.teamCountOf(userId)) >= limitsOf(deps).teamsPerUser) throw refusal('too_many_teams');
    const team = await tx.insertTeam({ name: input.name, ownerId: userId, createdAt: now });
    await tx.insertMember({ teamId: team.id, userId, name: input.member_name, role: 'owner', joinedAt: now });
    return team.id;
  });
  await announce(deps, [userId]);
  return memberTeam(deps, teamId, userId);
};

/** A one-time code (the owner only); stored as its hash, shown this once. */
export const createInvite = async (
  deps: TeamsDeps,
  teamId: string,
  userId: number,
): Promise<{ code: string; expiresAt: Date }> => {
  const team = await memberTeam(deps, teamId, userId);
  if (team.ownerId !== userId) throw refusal('team_owner_only');
  const now = deps.clock();
  const code = inviteCode((below) => randomInt(below));
  const expiresAt = inviteExpiry(now, deps.inviteTtlHours);
  await deps.teams.inTransaction((tx) =>
    tx.insertInvite({ codeHash: hashInviteCode(code), teamId, createdBy: userId, createdAt: now, expiresAt }),
  );
  return { code, expiresAt };
};

export const joinTeam = async (
  deps: TeamsDeps,
  userId: number,
  input: { code: string; member_name: string },
): Promise<TeamWithMembers> => {
  const now = deps.clock();
  const codeHash = hashInviteCode(input.code);
  const teamId = await deps.teams.inTransaction(async (tx) => {
    await tx.lockUser(userId);
    const invite = await tx.lockInvite(codeHash);
    const team = invite ? await tx.lockTeam(invite.teamId) : undefined;
    if (!invite || !team) throw refusal('team_invite_invalid');
    const reason = joinRefusal({
      inviteUsable: inviteUsable(invite, now),
      alreadyMember: (await tx.membership(team.id, userId)) !== undefined,
      members: await tx.memberCountOf(team.id),
      membersPerTeam: limitsOf(deps).membersPerTeam,
      teamsOfUser: await tx.teamCountOf(userId),
      teamsPerUser: limitsOf(deps).teamsPerUser,
    });
    if (reason) throw refusal(reason);
    await tx.insertMember({
      teamId: team.id,
      userId,
      name: input.member_name,
      role: 'member',
      joinedAt: now,
    });
    await tx.useInvite(codeHash, userId, now);
    return team.id;
  });
  await announce(deps, [userId]);
  return memberTeam(deps, teamId, userId);
};

/** A member leaves (their own id) or the owner removes a member. */
export const removeMember = async (
  deps: TeamsDeps,
  teamId: string,
  actorId: number,
  targetId: number,
): Promise<void> => {
  await deps.teams.inTransaction(async (tx) => {
    // Not revealed to outsiders: a missing team and a team one is not in answer alike.
    const team = await tx.lockTeam(teamId);
    const actor = team ? await tx.membership(teamId, actorId) : undefined;
    const target = actor ? await tx.membership(teamId, targetId) : undefined;
    const reason = removalRefusal({ actorId, targetId, actor, target });
    if (reason) throw refusal(reason);
    await tx.deleteMember(teamId, targetId);
  });
  await announce(deps, [targetId]);
};
