// Test helpers of the Team screen: the screen inside a router, and a sync service's team calls answered in
// the contract's shapes by the contracts' real local HTTP server (tests change `teams` and `refuse`).
import { afterEach } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team } from '@pitclock/contracts/schemas';
import { makeJwt } from '@pitclock/contracts/testing';
import { startApi, type ReceivedRequest, type Reply } from '../../lib/license-gate.test-support';
import { forgetTeams } from '../../lib/teams/teams-source';
import { TeamScreen, type TeamScreenProps } from './team-screen';

export { pointApiAtClosedPort, startApi } from '../../lib/license-gate.test-support';

afterEach(() => forgetTeams());

/** The signed-in user of these tests (the token's sub) and their account name. */
export const ME = '7';
export const MY_NAME = 'Pat Pitmaster';
export const USER_TOKEN = makeJwt({ sub: ME, exp: 4_102_444_800 });

export const TEAM_ID = '5f0c2a3e-8d4b-4c1a-9e2f-0a1b2c3d4e5f';
export const OTHER_TEAM_ID = '0b7e9c1d-2f3a-4b5c-8d6e-7f8091a2b3c4';
export const CREATED_AT = '2026-05-20T12:00:00.000Z';

type MemberInit = { user_id: string; name: string; role?: 'owner' | 'member' };

/** A team as GET /api/teams answers it, seen by ME with `role`. */
export function team(name: string, role: 'owner' | 'member', members: MemberInit[], id = TEAM_ID): Team {
  return {
    id,
    name,
    scope: `t:${id}` as Team['scope'],
    role,
    created_at: CREATED_AT,
    members: members.map((member) => ({
      user_id: member.user_id,
      name: member.name,
      role: member.role ?? 'member',
      joined_at: CREATED_AT,
    })),
  };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders the Team screen at `path` (default /team), times in UTC, dates in en-US. */
export function renderTeamScreen(path = '/team', props: Partial<TeamScreenProps> = {}) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/team" element={<TeamScreen locale="en-US" timeZone="UTC" {...props} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

export type TeamServerState = {
  /** What GET /api/teams answers now. */
  teams: Team[];
  /** A reply that replaces the server's own for a request (a refusal, a held answer), or undefined. */
  refuse?: (req: ReceivedRequest) => Reply | undefined;
  /** What POST .../invites answers. */
  invite: { code: string; expires_at: string };
};

const refusal = (status: number, error: string, message: string): Reply => ({
  status,
  json: { error, message },
});
export { refusal };

const MEMBER_PATH = /^\/api\/teams\/([^/]+)\/members\/([^/]+)$/;
const INVITE_PATH = /^\/api\/teams\/([^/]+)\/invites$/;

/**
 * The sync service's team calls and GET /api/me, on a real local server: create adds a team owned by ME,
 * join adds one where ME is a member, remove takes a member out (ME: the team goes).
 */
export async function startTeamServer(initial: Partial<TeamServerState> = {}) {
  const state: TeamServerState = {
    teams: [],
    invite: { code: 'K7QX2M9A', expires_at: '2026-06-02T15:00:00.000Z' },
    ...initial,
  };
  const server = await startApi((req) => {
    const refused = state.refuse?.(req);
    if (refused) return refused;
    const body = (req.json ?? {}) as Record<string, string>;
    if (req.method === 'GET' && req.path === '/api/me')
      return {
        json: {
          id: Number(ME),
          email: 'pat@example.com',
          name: MY_NAME,
          is_admin: false,
          roles: [],
          created_at: CREATED_AT,
        },
      };
    if (req.method === 'GET' && req.path === '/api/teams') return { json: { teams: state.teams } };
    if (req.method === 'POST' && req.path === '/api/teams') {
      const created = team(
        body.name ?? '',
        'owner',
        [{ user_id: ME, name: body.member_name ?? '', role: 'owner' }],
        OTHER_TEAM_ID,
      );
      state.teams = [...state.teams, created];
      return { status: 201, json: created };
    }
    if (req.method === 'POST' && req.path === '/api/teams/join') {
      const joined = team(
        'Hog Heaven',
        'member',
        [
          { user_id: '3', name: 'Sam', role: 'owner' },
          { user_id: ME, name: body.member_name ?? '' },
        ],
        OTHER_TEAM_ID,
      );
      state.teams = [...state.teams, joined];
      return { json: joined };
    }
    if (req.method === 'POST' && INVITE_PATH.test(req.path)) return { status: 201, json: state.invite };
    const member = MEMBER_PATH.exec(req.path);
    if (req.method === 'DELETE' && member) {
      const [, teamId, userId] = member;
      state.teams = state.teams.flatMap((t) => {
        if (t.id !== teamId) return [t];
        if (userId === ME) return [];
        return [{ ...t, members: t.members.filter((m) => m.user_id !== userId) }];
      });
      return { status: 204 };
    }
    return refusal(404, 'not_found', 'No such route');
  });
  return { server, state };
}
