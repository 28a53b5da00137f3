import { errorBodySchema } from '@pitclock/kit';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { roleToggleEntry, userDeleteEntry } from '../../domain/account-audit';
import { bearer, useAuthService, type Signed } from '../../test-support/harness';

const svc = useAuthService();

const genOf = (token: string) => decodeJwt(token).gen;

const expectRevoked = (res: request.Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(401);
  expect(errorBodySchema.parse(res.body).error).toBe('token_revoked');
};

const toggle = (admin: Signed, id: number) =>
  request(svc.app()).post(`/api/users/${id}/toggle-admin`).set(bearer(admin.token)).expect(200);

const refresh = async (signed: Signed) =>
  (
    await request(svc.app())
      .post('/api/auth/refresh')
      .send({ refresh_token: signed.refresh_token })
      .expect(200)
  ).body as { token: string; refresh_token: string };

describe('deletion and role changes end the access tokens at once (issue 17, hole 7)', () => {
  it('every access token carries the current generation of its user as gen (sign-in and refresh)', async () => {
    const user = await svc.signUp();
    expect(genOf(user.token)).toBe(0);
    await svc.generations().bump(user.id);
    const signedIn = await svc.login(user.email);
    expect(genOf(signedIn.body.token)).toBe(1);
    expect(genOf((await refresh({ ...user, refresh_token: signedIn.body.refresh_token })).token)).toBe(1);
  });

  it("a deleted user's access token answers 401 token_revoked at once, and the generation other services read moved", async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    await request(svc.app()).get('/api/me').set(bearer(user.token)).expect(200);
    await request(svc.app()).delete(`/api/users/${user.id}`).set(bearer(admin.token)).expect(204);
    expectRevoked(await request(svc.app()).get('/api/me').set(bearer(user.token)));
    expect(await svc.generations().current(user.id)).toBeGreaterThan(0);
  });

  it("a demoted admin's access token answers 401 at once; after a refresh it has no admin rights", async () => {
    const admin = await svc.signUp({ admin: true });
    const other = await svc.signUp({ admin: true });
    await request(svc.app()).get('/api/users').set(bearer(other.token)).expect(200);
    expect((await toggle(admin, other.id)).body).toMatchObject({ id: other.id, is_admin: false });
    expectRevoked(await request(svc.app()).get('/api/users').set(bearer(other.token)));
    expectRevoked(await request(svc.app()).get('/api/me').set(bearer(other.token)));
    const renewed = await refresh(other);
    expect(decodeJwt(renewed.token)).toMatchObject({
      is_admin: false,
      gen: await svc.generations().current(other.id),
    });
    const me = await request(svc.app()).get('/api/me').set(bearer(renewed.token)).expect(200);
    expect(me.body).toMatchObject({ is_admin: false, roles: ['user'] });
    await request(svc.app()).get('/api/users').set(bearer(renewed.token)).expect(403);
  });

  it("a promoted user's access token answers 401 at once too; after a refresh it carries the admin rights", async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    await toggle(admin, user.id);
    expectRevoked(await request(svc.app()).get('/api/me').set(bearer(user.token)));
    const renewed = await refresh(user);
    expect(decodeJwt(renewed.token)).toMatchObject({ is_admin: true });
    await request(svc.app()).get('/api/users').set(bearer(renewed.token)).expect(200);
  });

  it("leaves other users' tokens alone", async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    const bystander = await svc.signUp();
    await request(svc.app()).delete(`/api/users/${user.id}`).set(bearer(admin.token)).expect(204);
    await request(svc.app()).get('/api/me').set(bearer(bystander.token)).expect(200);
    await request(svc.app()).get('/api/users').set(bearer(admin.token)).expect(200);
  });

  it('a refused or unknown target moves no generation', async () => {
    const admin = await svc.signUp({ admin: true });
    await request(svc.app()).delete(`/api/users/${admin.id}`).set(bearer(admin.token)).expect(409);
    await request(svc.app()).post('/api/users/999999/toggle-admin').set(bearer(admin.token)).expect(404);
    expect(await svc.generations().current(admin.id)).toBe(0);
    expect(await svc.generations().current(999_999)).toBe(0);
    await request(svc.app()).get('/api/me').set(bearer(admin.token)).expect(200);
  });

  it('when the generation cannot be moved (Redis down), the deletion or role change is undone', async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    const redisDown = async () => {
      throw new Error('redis down');
    };
    const action = {
      actorId: admin.id,
      targetId: user.id,
      decide: () => ({ allowed: true }) as const,
      beforeCommit: redisDown,
    };
    await expect(
      svc.users().remove({ ...action, audit: (removed) => userDeleteEntry(admin.id, removed) }),
    ).rejects.toThrow('redis down');
    await expect(
      svc
        .users()
        .toggleAdmin({ ...action, audit: (before, after) => roleToggleEntry(admin.id, before, after) }),
    ).rejects.toThrow('redis down');
    expect(await svc.query('select id, is_admin from users where id = $1', [user.id])).toEqual([
      { id: user.id, is_admin: false },
    ]);
    expect(await svc.count('account_audit', 'subject_user_id = $1', [user.id])).toBe(0);
  });
});
