import type { NumberedMutation, Scope } from '@pitclock/contracts/sync';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { stamp, useSyncService, type Caller } from '../../test-support/harness';

const svc = useSyncService();

/** Every row of every table of the service: what a refused request must leave as it was. */
const stored = async () => ({
  records: await svc.query('select * from sync_records order by scope, store, id'),
  scopes: await svc.query('select * from sync_scopes order by scope'),
  clients: await svc.query('select * from sync_clients order by client_id'),
  members: await svc.query('select * from team_members order by team_id, user_id'),
  invites: await svc.query('select * from team_invites order by code_hash'),
});

const edit = (mid: number, scope: string, id = `rec-${mid}`): NumberedMutation => ({
  mid,
  scope: scope as Scope,
  store: 'runs',
  id,
  hlc: stamp(),
  set: { name: `Run ${mid}` },
});

let alice: Caller;
let bob: Caller;
let team: { id: string; scope: Scope };

beforeAll(async () => {
  alice = await svc.user();
  bob = await svc.user();
  team = await svc.createTeam(alice, 'Alice BBQ');
});

describe('every operation needs a bearer token', () => {
  const someTeam = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['post', '/api/sync/push'],
    ['post', '/api/sync/pull'],
    ['get', '/api/sync/events'],
    ['get', '/api/teams'],
    ['post', '/api/teams'],
    ['post', '/api/teams/join'],
    ['get', `/api/teams/${someTeam}`],
    ['post', `/api/teams/${someTeam}/invites`],
    ['delete', `/api/teams/${someTeam}/members/1`],
  ] as const)('%s %s without a token answers 401 with the error shape', async (method, path) => {
    const res = await request(svc.app())[method](path).send({});
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(res.body).error).toBe('unauthorized');
  });

  it('a token signed with another secret answers 401', async () => {
    const res = await request(svc.app())
      .post('/api/sync/pull')
      .set('Authorization', `Bearer ${alice.token.slice(0, -4)}AAAA`)
      .send({ clientId: 'c', cookie: {} });
    expect(res.status).toBe(401);
  });
});

describe('push is refused whole for a scope the account may not write', () => {
  it.each([
    ['another user', () => `u:${alice.id}`],
    ['a team the user is not in', () => team.scope],
    ['a team that does not exist', () => 't:11111111-2222-4333-8444-555555555555'],
    ['a team scope spelled in capitals', () => `t:${team.id.toUpperCase()}`],
    ['a user scope with a leading zero', () => `u:0${bob.id}`],
  ])('into %s: 403 sync_scope_forbidden naming the mutation, nothing stored', async (what, scopeOf) => {
    const before = await stored();
    const res = await request(svc.app())
      .post('/api/sync/push')
      .set(bob.headers)
      .send({
        clientId: `bob-${what.replaceAll(' ', '-')}`,
        mutations: [edit(1, `u:${bob.id}`), edit(2, scopeOf())],
      });
    expect(res.status, res.text).toBe(403);
    expect(res.body).toEqual({
      error: 'sync_scope_forbidden',
      message: 'This account may not change these records',
      details: { mids: [2] },
    });
    expect(await stored()).toEqual(before);
  });

  it('the refused mutations are those of the batch the server would apply (already applied ones are not named)', async () => {
    await svc.push(bob, 'bob-tablet', [edit(1, `u:${bob.id}`)]);
    const res = await request(svc.app())
      .post('/api/sync/push')
      .set(bob.headers)
      .send({ clientId: 'bob-tablet', mutations: [edit(1, `u:${alice.id}`), edit(2, `u:${alice.id}`)] });
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual({ mids: [2] });
  });

  it('a member writes into the team scope', async () => {
    await svc.push(alice, 'alice-phone', [edit(1, team.scope)]);
    expect((await svc.storedRecords(team.scope)).map((r) => r.id)).toEqual(['rec-1']);
  });
});

describe("the account's settings live in its own scope only", () => {
  const settings = (mid: number, scope: string): NumberedMutation => ({
    mid,
    scope: scope as Scope,
    store: 'settings',
    id: 'account',
    hlc: stamp(),
    set: { temperature_unit: 'celsius', wind_unit: null },
  });

  it('a member pushing settings into the team scope: 403 sync_scope_forbidden naming it, nothing stored', async () => {
    const erin = await svc.user();
    await svc.addMember(team, alice, erin);
    const before = await stored();
    const res = await request(svc.app())
      .post('/api/sync/push')
      .set(erin.headers)
      .send({ clientId: 'erin-phone', mutations: [edit(1, team.scope), settings(2, team.scope)] });
    expect(res.status, res.text).toBe(403);
    expect(res.body).toEqual({
      error: 'sync_scope_forbidden',
      message: 'This account may not change these records',
      details: { mids: [2] },
    });
    expect(await stored()).toEqual(before);
  });

  it("settings pushed into the own scope are taken and pulled back by the account's other device", async () => {
    const dave = await svc.user();
    await svc.push(dave, 'dave-phone', [settings(1, `u:${dave.id}`)]);
    const answer = await svc.pull(dave, 'dave-tablet');
    expect(answer.records).toEqual([
      expect.objectContaining({
        scope: `u:${dave.id}`,
        store: 'settings',
        id: 'account',
        fields: { temperature_unit: 'celsius', wind_unit: null },
        deleted: null,
      }),
    ]);
  });
});

describe('client ids belong to one account', () => {
  it("pushing or pulling with another account's client id answers 403 sync_client_taken and changes nothing", async () => {
    await svc.push(alice, 'alice-laptop', [edit(1, `u:${alice.id}`)]);
    const before = await stored();
    const pushed = await request(svc.app())
      .post('/api/sync/push')
      .set(bob.headers)
      .send({ clientId: 'alice-laptop', mutations: [edit(2, `u:${bob.id}`)] });
    expect(pushed.status).toBe(403);
    expect(pushed.body.error).toBe('sync_client_taken');
    const pulled = await request(svc.app())
      .post('/api/sync/pull')
      .set(bob.headers)
      .send({ clientId: 'alice-laptop', cookie: {} });
    expect(pulled.status).toBe(403);
    expect(pulled.body.error).toBe('sync_client_taken');
    expect(await stored()).toEqual(before);
  });
});

describe('pull reads only the scopes of the account', () => {
  it("never returns another account's or another team's records, whatever the cookie names", async () => {
    const carol = await svc.user();
    const carolsTeam = await svc.createTeam(carol, 'Carol Q');
    await svc.push(carol, 'carol-1', [edit(1, `u:${carol.id}`), edit(2, carolsTeam.scope)]);
    await svc.push(bob, 'bob-2', [edit(1, `u:${bob.id}`, 'bob-own')]);
    const answer = await svc.pull(bob, 'bob-2', {
      [`u:${carol.id}`]: 0,
      [carolsTeam.scope]: 0,
      [team.scope]: 0,
    });
    expect(answer.scopes).toEqual([`u:${bob.id}`]);
    expect(new Set(answer.records.map((r) => r.scope))).toEqual(new Set([`u:${bob.id}`]));
    expect(Object.keys(answer.cookie)).toEqual([`u:${bob.id}`]);
  });
});

describe('teams are not revealed to non-members', () => {
  it('GET, invite and remove on a team one is not in answer 404 team_not_found, as for no team at all', async () => {
    const before = await stored();
    const missing = '11111111-2222-4333-8444-555555555555';
    for (const id of [team.id, missing]) {
      const got = await request(svc.app()).get(`/api/teams/${id}`).set(bob.headers);
      expect(got.status).toBe(404);
      expect(got.body.error).toBe('team_not_found');
      const invite = await request(svc.app()).post(`/api/teams/${id}/invites`).set(bob.headers);
      expect(invite.status).toBe(404);
      const remove = await request(svc.app()).delete(`/api/teams/${id}/members/${alice.id}`).set(bob.headers);
      expect(remove.status).toBe(404);
      expect(remove.body).toEqual(got.body);
    }
    expect(await stored()).toEqual(before);
  });
});
