import { randomUUID } from 'node:crypto';
import { listen } from '@pitclock/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncTeamsClient, SyncUnavailableError } from './sync-teams-client';

// A server that answers what each test sets: the client's reading of the sync service's answers.
let reply: { status: number; body: string } = { status: 200, body: '{}' };
const seen: { url: string; authorization: string | undefined }[] = [];
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
  });
});
afterAll(() => server.close());

const teamId = randomUUID();
const team = (members: unknown[], id = teamId) =>
  JSON.stringify({
    id,
    name: 'Smoke Team',
    scope: `t:${id}`,
    role: 'member',
    members: members.map((user_id) => ({ user_id, name: '', role: 'member', joined_at: '' })),
    created_at: '',
  });
const ask = (status: number, body: string) => {
  reply = { status, body };
  return createSyncTeamsClient({ syncUrl: server.url, timeoutMs: 1_000 }).team('the-token', teamId);
};

describe('the sync teams client', () => {
  it("asks GET /api/teams/{id} with the caller's token and reads the members' ids", async () => {
    expect(await ask(200, team(['7', '12']))).toEqual({ kind: 'member', memberIds: [7, 12] });
    expect(seen.at(-1)).toEqual({ url: `/api/teams/${teamId}`, authorization: 'Bearer the-token' });
  });

  it('404 and 403 are "not a member", 401 a refused token', async () => {
    expect(await ask(404, '{}')).toEqual({ kind: 'not_member' });
    expect(await ask(403, '{}')).toEqual({ kind: 'not_member' });
    expect(await ask(401, '{}')).toEqual({ kind: 'unauthorized' });
  });

  it.each([
    ['a 500', 500, team(['7'])],
    ['a body that is not JSON', 200, '<html>'],
    ['another team', 200, team(['7'], randomUUID())],
    ['a member id that is not a user id', 200, team(['7', 'u-8'])],
    ['no members list', 200, '{"id":"x"}'],
  ])('%s is never read as an answer: SyncUnavailableError', async (_name, status, body) => {
    await expect(ask(status, body)).rejects.toBeInstanceOf(SyncUnavailableError);
  });
});
