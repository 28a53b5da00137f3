import { Team, TeamInviteResponse, TeamsResponse } from '@pitclock/contracts/schemas';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashInviteCode } from '../../domain/invite-code';
import { stamp, useSyncService, type Caller } from '../../test-support/harness';

const svc = useSyncService();

const invite = async (teamId: string, who: Caller) => {
  const res = await request(svc.app()).post(`/api/teams/${teamId}/invites`).set(who.headers);
  expect(res.status, res.text).toBe(201);
  return TeamInviteResponse.parse(res.body);
};
const join = (code: string, who: Caller, memberName = 'Cook') =>
  request(svc.app()).post('/api/teams/join').set(who.headers).send({ code, member_name: memberName });

let owner: Caller;
let cook: Caller;

beforeAll(async () => {
  owner = await svc.user();
  cook = await svc.user();
});

describe('teams', () => {
  it('create: the creator is the owner, the answer is the Team of contracts', async () => {
    const res = await request(svc.app())
      .post('/api/teams')
      .set(owner.headers)
      .send({ name: '  Smoke Ring  ', member_name: 'Pat' });
    expect(res.status).toBe(201);
    const team = Team.parse(res.body);
    expect(team).toMatchObject({ name: 'Smoke Ring', scope: `t:${team.id}`, role: 'owner' });
    expect(team.members).toEqual([
      { user_id: String(owner.id), name: 'Pat', role: 'owner', joined_at: expect.any(String) },
    ]);
    expect(await svc.count('team_members', 'team_id = $1', [team.id])).toBe(1);
  });

  it('invite and join: the code works once, is stored only as its hash, and the member sees the team', async () => {
    const team = await svc.createTeam(owner, 'Invite Q');
    const { code, expires_at } = await invite(team.id, owner);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const stored = await svc.query<{ code_hash: string }>(
      'select code_hash from team_invites where team_id = $1',
      [team.id],
    );
    expect(stored).toEqual([{ code_hash: hashInviteCode(code) }]);

    const joined = await join(code.toLowerCase(), cook, 'Sam');
    expect(joined.status, joined.text).toBe(200);
    expect(Team.parse(joined.body)).toMatchObject({ id: team.id, role: 'member' });
    expect(joined.body.members.map((m: { name: string }) => m.name)).toEqual(['Pitmaster', 'Sam']);

    const other = await svc.user();
    const again = await join(code, other);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('team_invite_invalid');
    expect(await svc.count('team_members', 'team_id = $1', [team.id])).toBe(2);

    const listed = TeamsResponse.parse((await request(svc.app()).get('/api/teams').set(cook.headers)).body);
    expect(listed.teams.map((t) => t.id)).toContain(team.id);
    expect((await request(svc.app()).get(`/api/teams/${team.id}`).set(cook.headers)).status).toBe(200);
  });

  it('an expired code is refused (the clock moved past its 24 hours) and an unknown one alike', async () => {
    const team = await svc.createTeam(owner, 'Expiry Q');
    const { code } = await invite(team.id, owner);
    const other = await svc.user();
    svc.clock.advance(24 * 3_600_000 + 1_000);
    try {
      const late = await join(code, other);
      expect(late.status).toBe(404);
      expect(late.body).toEqual({
        error: 'team_invite_invalid',
        message: 'This invite code is not valid or has expired',
      });
    } finally {
      svc.clock.reset();
    }
    expect((await join('ZZZZ9999', other)).status).toBe(404);
    expect(await svc.count('team_members', 'user_id = $1', [other.id])).toBe(0);
  });

  it('a member cannot invite (403); joining twice is 409 and keeps the code usable', async () => {
    const team = await svc.createTeam(owner, 'Twice Q');
    await svc.addMember(team, owner, cook);
    const byMember = await request(svc.app()).post(`/api/teams/${team.id}/invites`).set(cook.headers);
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe('team_owner_only');
    const { code } = await invite(team.id, owner);
    const twice = await join(code, cook);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('team_already_member');
    expect((await join(code, await svc.user())).status).toBe(200);
  });

  it('a full team refuses a join with 409 team_full; too many teams is 409 too_many_teams', async () => {
    const small = svc.instance({}, { limits: { membersPerTeam: 2, teamsPerUser: 2 } });
    const boss = await svc.user();
    const created = await request(small.app).post('/api/teams').set(boss.headers).send({ name: 'One' });
    expect(created.status).toBe(201);
    const teamId = created.body.id as string;
    const code = async () =>
      (await request(small.app).post(`/api/teams/${teamId}/invites`).set(boss.headers)).body.code as string;
    const first = await svc.user();
    expect(
      (
        await request(small.app)
          .post('/api/teams/join')
          .set(first.headers)
          .send({ code: await code() })
      ).status,
    ).toBe(200);
    const second = await svc.user();
    const full = await request(small.app)
      .post('/api/teams/join')
      .set(second.headers)
      .send({ code: await code() });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('team_full');
    expect((await request(small.app).post('/api/teams').set(boss.headers).send({ name: 'Two' })).status).toBe(
      201,
    );
    const third = await request(small.app).post('/api/teams').set(boss.headers).send({ name: 'Three' });
    expect(third.status).toBe(409);
    expect(third.body.error).toBe('too_many_teams');
    expect(await svc.count('team_members', 'user_id = $1', [boss.id])).toBe(2);
  });

  it('leave and remove: a member leaves, the owner removes, the owner cannot leave, a member cannot remove another', async () => {
    const team = await svc.createTeam(owner, 'Remove Q');
    const m1 = await svc.user();
    const m2 = await svc.user();
    await svc.addMember(team, owner, m1);
    await svc.addMember(team, owner, m2);
    const del = (who: Caller, target: number) =>
      request(svc.app()).delete(`/api/teams/${team.id}/members/${target}`).set(who.headers);

    const notAllowed = await del(m1, m2.id);
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.error).toBe('team_owner_only');
    const ownerLeaves = await del(owner, owner.id);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.error).toBe('team_owner_cannot_leave');
    expect((await del(owner, 999_999)).status).toBe(404);
    expect((await del(m1, m1.id)).status).toBe(204);
    expect((await del(owner, m2.id)).status).toBe(204);
    expect((await del(m1, m1.id)).status).toBe(404);
    expect(await svc.query('select user_id from team_members where team_id = $1', [team.id])).toEqual([
      { user_id: owner.id },
    ]);
  });

  it("pull's scopes follow membership: a member reads the team, loses it on leaving, and can no longer write to it", async () => {
    const team = await svc.createTeam(owner, 'Scope Q');
    const member = await svc.user();
    const device = `m-${member.id}`;
    await svc.push(owner, `owner-${owner.id}-sq`, [
      { mid: 1, scope: team.scope, store: 'runs', id: 'shared', hlc: stamp(), set: { name: 'Brisket' } },
    ]);
    expect((await svc.pull(member, device)).scopes).toEqual([`u:${member.id}`]);
    await svc.addMember(team, owner, member);
    const inTeam = await svc.pull(member, device);
    expect(inTeam.scopes).toEqual([`u:${member.id}`, team.scope]);
    expect(inTeam.records.map((r) => r.id)).toEqual(['shared']);
    await svc.push(member, device, [
      { mid: 1, scope: team.scope, store: 'runs', id: 'shared', hlc: stamp(), set: { note: 'wrap at 165' } },
    ]);
    expect(
      (await request(svc.app()).delete(`/api/teams/${team.id}/members/${member.id}`).set(member.headers))
        .status,
    ).toBe(204);
    const after = await svc.pull(member, device, inTeam.cookie);
    expect(after.scopes).toEqual([`u:${member.id}`]);
    expect(after.records).toEqual([]);
    expect(after.cookie).toEqual({ [`u:${member.id}`]: 0 });
    const refused = await request(svc.app())
      .post('/api/sync/push')
      .set(member.headers)
      .send({
        clientId: device,
        mutations: [
          { mid: 2, scope: team.scope, store: 'runs', id: 'shared', hlc: stamp(), set: { note: 'x' } },
        ],
      });
    expect(refused.status).toBe(403);
    expect((await request(svc.app()).get(`/api/teams/${team.id}`).set(member.headers)).status).toBe(404);
  });
});
