// Test helpers of sharing with a team: the account's teams served by the contracts' real local server as
// GET /api/teams answers them, and the known list forgotten after each test.
import { afterEach } from 'vitest';
import { session } from '@pitclock/contracts';
import type { Team } from '@pitclock/contracts/schemas';
import { makeJwt } from '@pitclock/contracts/testing';
import { startApi } from '../license-gate.test-support';
import { forgetTeams } from './teams-source';

afterEach(() => forgetTeams());

export const SMOKE_RING = '5f0c2a3e-8d4b-4c1a-9e2f-0a1b2c3d4e5f';
export const HOG_HEAVEN = '0b7e9c1d-2f3a-4b5c-8d6e-7f8091a2b3c4';

/** A team of the signed-in user (7) as GET /api/teams lists it. */
export function listedTeam(id: string, name: string): Team {
  return {
    id,
    name,
    scope: `t:${id}` as Team['scope'],
    role: 'owner',
    created_at: '2026-05-20T12:00:00.000Z',
    members: [{ user_id: '7', name: 'Pat', role: 'owner', joined_at: '2026-05-20T12:00:00.000Z' }],
  };
}

/** Signs user 7 in and serves `teams` as theirs (every other path: 404). */
export async function serveTeams(teams: Team[]) {
  session.setTokens({ token: makeJwt({ sub: '7', exp: 4_102_444_800 }), refresh_token: 'refresh-1' });
  return startApi((req) =>
    req.method === 'GET' && req.path === '/api/teams'
      ? { json: { teams } }
      : { status: 404, json: { error: 'not_found', message: 'No such route' } },
  );
}
