// The team calls of the sync service (contracts: createTeam, joinTeam, createTeamInvite, removeTeamMember)
// and the account's name (GET /api/me) that prefills "Your name in the team". The list of teams is
// lib/teams' (the share select and the badges read it too).
import { api, type ApiClient } from '@pitclock/contracts';
import { apiPath, API_PATHS } from '@pitclock/contracts/api-paths';
import {
  MeResponse,
  Team,
  TeamInviteResponse,
  type CreateTeamRequest,
  type JoinTeamRequest,
} from '@pitclock/contracts/schemas';
import type { z } from 'zod/mini';
import { TEAMS_TIMEOUT_MS } from '../../lib/teams/teams-source';

export type CreateTeamBody = z.output<typeof CreateTeamRequest>;
export type JoinTeamBody = z.output<typeof JoinTeamRequest>;
export type TeamInvite = z.output<typeof TeamInviteResponse>;

const options = { timeoutMs: TEAMS_TIMEOUT_MS } as const;

export function createTeam(body: CreateTeamBody, client: ApiClient = api): Promise<Team> {
  return client.post(API_PATHS.teams, body, { ...options, schema: Team });
}

export function joinTeam(body: JoinTeamBody, client: ApiClient = api): Promise<Team> {
  return client.post(API_PATHS.teamJoin, body, { ...options, schema: Team });
}

export function createInvite(teamId: string, client: ApiClient = api): Promise<TeamInvite> {
  return client.post(apiPath(API_PATHS.teamInvites, { id: teamId }), undefined, {
    ...options,
    schema: TeamInviteResponse,
  });
}

/** Leaves the team (the account's own user id) or, as its owner, removes a member. */
export async function removeMember(teamId: string, userId: string, client: ApiClient = api): Promise<void> {
  await client.delete(apiPath(API_PATHS.teamMember, { id: teamId, userId }), options);
}

/** The account's name, or '' when it cannot be read (the field is then left for the user to fill). */
export async function myName(client: ApiClient = api): Promise<string> {
  try {
    return (await client.get(API_PATHS.me, { ...options, schema: MeResponse })).name.trim();
  } catch {
    return '';
  }
}
