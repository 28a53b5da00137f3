import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  CreateTeamRequest,
  JoinTeamRequest,
  TeamIdParam,
  UserIdParam,
  type TeamInviteResponse,
  type TeamsResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse } from '@pitclock/kit';
import { Router, type Request, type RequestHandler } from 'express';
import type { z } from 'zod';
import {
  createInvite,
  createTeam,
  getTeam,
  joinTeam,
  listTeams,
  removeMember,
  type TeamsDeps,
} from '../../application/teams';
import { toTeamView } from './views';

export type TeamRoutesDeps = TeamsDeps & { requireUser: RequestHandler };

// Ids are compared as PostgreSQL prints them (lower case).
const teamIdOf = (req: Request) => parse(TeamIdParam, req.params.id, 'Team id').toLowerCase();

/** /api/teams: list, create, one team, invites, join, leave or remove. */
export const createTeamRoutes = ({ requireUser, ...deps }: TeamRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.teams, requireUser, async (req, res) => {
    const userId = getAuthUser(req).id;
    const teams = await listTeams(deps, userId);
    res.json({ teams: teams.map((team) => toTeamView(team, userId)) } satisfies z.infer<
      typeof TeamsResponse
    >);
  });

  router.post(API_PATHS.teams, requireUser, async (req, res) => {
    const body = parse(CreateTeamRequest, req.body);
    const userId = getAuthUser(req).id;
    res.status(201).json(toTeamView(await createTeam(deps, userId, body), userId));
  });

  router.post(API_PATHS.teamJoin, requireUser, async (req, res) => {
    const body = parse(JoinTeamRequest, req.body);
    const userId = getAuthUser(req).id;
    res.json(toTeamView(await joinTeam(deps, userId, body), userId));
  });

  router.get(API_PATHS.team, requireUser, async (req, res) => {
    const userId = getAuthUser(req).id;
    res.json(toTeamView(await getTeam(deps, teamIdOf(req), userId), userId));
  });

  router.post(API_PATHS.teamInvites, requireUser, async (req, res) => {
    const invite = await createInvite(deps, teamIdOf(req), getAuthUser(req).id);
    res.status(201).json({
      code: invite.code,
      expires_at: invite.expiresAt.toISOString(),
    } satisfies z.infer<typeof TeamInviteResponse>);
  });

  router.delete(API_PATHS.teamMember, requireUser, async (req, res) => {
    const teamId = teamIdOf(req);
    const targetId = parse(UserIdParam, req.params.userId, 'User id');
    await removeMember(deps, teamId, getAuthUser(req).id, targetId);
    res.status(204).end();
  });

  return router;
};
