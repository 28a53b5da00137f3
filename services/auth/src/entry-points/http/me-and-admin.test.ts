import { AdminUserResponse } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  JWT_AUDIENCE,
  messages,
  newEmail,
  signToken,
  useAuthService,
  type Signed,
} from '../../test-support/harness';

const svc = useAuthService();

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

let first: Signed;
beforeAll(async () => {
  // The first account of a fresh database gets id 1 and is an ordinary user.
  first = await svc.signUp();
});

describe('GET /api/me', () => {
  it('answers id, email, name, is_admin, roles and created_at of the signed-in user from the database', async () => {
    const me = await svc.signUp();
    const res = await request(svc.app()).get('/api/me').set(bearer(me.token)).expect(200);
    const [row] = await svc.query<{ created_at: Date }>('select created_at from users where id = $1', [
      me.id,
    ]);
    expect(res.body).toEqual({
      id: me.id,
      email: me.email,
      name: 'Pit Boss',
      is_admin: false,
      roles: ['user'],
      created_at: row!.created_at.toISOString(),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reads admin rights from the database only: a stored admin is admin, and id 1 is not admin for it', async () => {
    expect(first.id).toBe(1);
    const one = await request(svc.app()).get('/api/me').set(bearer(first.token)).expect(200);
    expect(one.body).toMatchObject({ id: 1, is_admin: false, roles: ['user'] });
    await request(svc.app()).get('/api/users').set(bearer(first.token)).expect(403);
    const admin = await svc.signUp({ admin: true });
    const res = await request(svc.app()).get('/api/me').set(bearer(admin.token)).expect(200);
    expect(res.body).toMatchObject({ is_admin: true, roles: ['user', 'admin'] });
  });

  it('answers 401 with the error shape when the account behind a valid token was deleted', async () => {
    const me = await svc.signUp();
    await svc.query('delete from users where id = $1', [me.id]);
    const res = await request(svc.app()).get('/api/me').set(bearer(me.token)).expect(401);
    expect(errorBodySchema.parse(res.body).error).toBe('unauthorized');
  });

  const forged = (): [string, () => string | undefined | Promise<string>][] => [
    ['no token', () => undefined],
    [
      'a token with a changed payload (tampered)',
      () => {
        const [header, , signature] = first.token.split('.');
        return `${header}.${b64({ sub: '1', is_admin: true, aud: JWT_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 })}.${signature}`;
      },
    ],
    [
      'a token with algorithm none',
      () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(first.id), aud: JWT_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 })}.`,
    ],
    [
      'a token signed with another secret',
      () => signToken({ sub: String(first.id) }, {}, 'another-secret-that-is-long-enough-000000'),
    ],
    [
      'a token for another audience',
      () => signToken({ sub: String(first.id) }, { audience: 'someone-else' }),
    ],
    ['an expired token', () => signToken({ sub: String(first.id) }, { expiresInSeconds: -10 })],
    ['a token whose sub is not a user id', () => signToken({ sub: 'admin' })],
    [
      'a token of another algorithm (HS512)',
      () => signToken({ sub: String(first.id) }, { algorithm: 'HS512' }),
    ],
    ['a malformed token', () => 'not.a.jwt'],
  ];
  it.each(forged())('answers 401 with the error shape for %s', async (_name, make) => {
    const token = await make();
    const req = request(svc.app()).get('/api/me');
    const res = await (token === undefined ? req : req.set(bearer(token)));
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(res.body).error).toBe('unauthorized');
  });
});

describe('admin routes are enforced on the server', () => {
  let plain: Signed;
  let target: Signed;
  beforeAll(async () => {
    plain = await svc.signUp();
    target = await svc.signUp();
  });

  const routes = (): [string, (token?: string) => request.Test][] => {
    const withToken = (test: request.Test, token?: string) => (token ? test.set(bearer(token)) : test);
    const app = () => svc.app();
    return [
      ['GET /api/users', (t) => withToken(request(app()).get('/api/users'), t)],
      ['GET /api/users/{id}', (t) => withToken(request(app()).get(`/api/users/${target.id}`), t)],
      [
        'PATCH /api/users/{id}',
        (t) => withToken(request(app()).patch(`/api/users/${target.id}`), t).send({ display_name: 'Hacked' }),
      ],
      ['DELETE /api/users/{id}', (t) => withToken(request(app()).delete(`/api/users/${target.id}`), t)],
      [
        'POST /api/users/{id}/toggle-admin',
        (t) => withToken(request(app()).post(`/api/users/${target.id}/toggle-admin`), t),
      ],
      ['GET /api/admin/signup-events', (t) => withToken(request(app()).get('/api/admin/signup-events'), t)],
    ];
  };

  it.each(routes())(
    '%s answers 401 without a token and 403 to a signed-in non-admin, and changes nothing',
    async (_name, call) => {
      const before = await svc.query('select * from users order by id');
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(errorBodySchema.parse(anonymous.body).error).toBe('unauthorized');
      const forbidden = await call(plain.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ error: 'forbidden', message: 'Admin only' });
      expect(await svc.query('select * from users order by id')).toEqual(before);
    },
  );

  it.each(routes())(
    '%s answers 403 to a non-admin whose token claims is_admin (a client flag is not trusted)',
    async (_name, call) => {
      const liar = await signToken({ sub: String(plain.id), is_admin: true, roles: ['admin'] });
      expect((await call(liar)).status).toBe(403);
    },
  );
});

describe('GET /api/users', () => {
  it('lists every user with id, email, name, is_admin, created_at and license_status none, and no password hash', async () => {
    const admin = await svc.signUp({ admin: true });
    const res = await request(svc.app()).get('/api/users').set(bearer(admin.token)).expect(200);
    const rows = await svc.query<{ id: number }>('select id from users order by id');
    expect(res.body.map((u: { id: number }) => u.id)).toEqual(rows.map((r) => r.id));
    const mine = res.body.find((u: { id: number }) => u.id === admin.id);
    expect(Object.keys(mine).sort()).toEqual([
      'created_at',
      'email',
      'id',
      'is_admin',
      'license_status',
      'name',
    ]);
    expect(mine).toMatchObject({ email: admin.email, is_admin: true, license_status: 'none' });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });
});

describe('GET /api/users/{id} (what licensing asks before it mints for a user id)', () => {
  it('answers the user as the list shows it', async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    const one = await request(svc.app()).get(`/api/users/${user.id}`).set(bearer(admin.token)).expect(200);
    const list = await request(svc.app()).get('/api/users').set(bearer(admin.token)).expect(200);
    expect(AdminUserResponse.parse(one.body)).toEqual(one.body);
    expect(one.body).toEqual(list.body.find((row: { id: number }) => row.id === user.id));
    expect(one.headers['cache-control']).toBe('no-store');
  });

  it("answers 404 not_found 'User not found' for an id no user has", async () => {
    const admin = await svc.signUp({ admin: true });
    const res = await request(svc.app()).get('/api/users/2147483647').set(bearer(admin.token)).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: messages.userNotFound });
  });

  it.each(['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc', '1e3', '%00'])(
    'answers 400 validation_failed for the id %j (past int4, not a positive whole number), never a 500',
    async (id) => {
      const admin = await svc.signUp({ admin: true });
      const res = await request(svc.app()).get(`/api/users/${id}`).set(bearer(admin.token));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toMatch(/^(validation_failed|invalid_characters)$/);
    },
  );
});

describe('PATCH /api/users/{id}', () => {
  it('updates display name and e-mail (trimmed) and answers the user', async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    const email = newEmail('renamed');
    const res = await request(svc.app())
      .patch(`/api/users/${user.id}`)
      .set(bearer(admin.token))
      .send({ display_name: '  Smoke Ring ', email: ` ${email} ` })
      .expect(200);
    expect(res.body).toMatchObject({ id: user.id, name: 'Smoke Ring', email, license_status: 'none' });
    const [row] = await svc.query('select name, email from users where id = $1', [user.id]);
    expect(row).toEqual({ name: 'Smoke Ring', email });
  });

  it('refuses an e-mail another account has in any case with 409 and changes nothing', async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    const other = await svc.signUp();
    const res = await request(svc.app())
      .patch(`/api/users/${user.id}`)
      .set(bearer(admin.token))
      .send({ email: other.email.toUpperCase() })
      .expect(409);
    expect(res.body).toEqual({ error: 'email_taken', message: messages.emailTaken });
    expect((await svc.query('select email from users where id = $1', [user.id]))[0]).toEqual({
      email: user.email,
    });
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await svc.signUp({ admin: true });
    const res = await request(svc.app())
      .patch('/api/users/999999')
      .set(bearer(admin.token))
      .send({ display_name: 'Nobody' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: messages.userNotFound });
  });

  it.each<[string, string, unknown]>([
    ['an empty body', 'self', {}],
    ['a name of 1 character', 'self', { display_name: ' x ' }],
    ['an invalid e-mail', 'self', { email: 'nope' }],
    ['a number as name', 'self', { display_name: 7 }],
    ['an oversized name', 'self', { display_name: 'n'.repeat(101) }],
    ['an oversized e-mail', 'self', { email: `${'e'.repeat(300)}@b.co` }],
    ['an array', 'self', [{ display_name: 'Pit' }]],
    ['an id that is not a number', 'abc', { display_name: 'Pit Boss' }],
    ['an id of 0', '0', { display_name: 'Pit Boss' }],
    ['an id that is too large', '99999999999', { display_name: 'Pit Boss' }],
  ])('answers 400 with the error shape for %s and changes nothing', async (_name, id, body) => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    const before = await svc.query('select * from users order by id');
    const res = await request(svc.app())
      .patch(`/api/users/${id === 'self' ? user.id : id}`)
      .set(bearer(admin.token))
      .send(body as object);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
    expect(await svc.query('select * from users order by id')).toEqual(before);
  });

  it('answers 400 invalid_json for malformed JSON and changes nothing', async () => {
    const admin = await svc.signUp({ admin: true });
    const before = await svc.query('select * from users order by id');
    const res = await request(svc.app())
      .patch(`/api/users/${first.id}`)
      .set(bearer(admin.token))
      .set('Content-Type', 'application/json')
      .send('{"display_name": ');
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toBe('invalid_json');
    expect(await svc.query('select * from users order by id')).toEqual(before);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes the user and its refresh tokens (204); its signup events stay', async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    expect(await svc.count('refresh_tokens', 'user_id = $1', [user.id])).toBe(1);
    await request(svc.app()).delete(`/api/users/${user.id}`).set(bearer(admin.token)).expect(204);
    expect(await svc.count('users', 'id = $1', [user.id])).toBe(0);
    expect(await svc.count('refresh_tokens', 'user_id = $1', [user.id])).toBe(0);
    expect(await svc.count('signup_events', 'email = $1', [user.email])).toBe(1);
  });

  it('refuses to delete one own account with 409 and keeps it', async () => {
    const admin = await svc.signUp({ admin: true });
    const res = await request(svc.app())
      .delete(`/api/users/${admin.id}`)
      .set(bearer(admin.token))
      .expect(409);
    expect(res.body).toEqual({ error: 'conflict', message: messages.cannotDeleteSelf });
    expect(await svc.count('users', 'id = $1', [admin.id])).toBe(1);
  });

  it('answers 404 for an unknown user and 400 for an id that is not a number', async () => {
    const admin = await svc.signUp({ admin: true });
    const before = await svc.counts();
    expect((await request(svc.app()).delete('/api/users/999999').set(bearer(admin.token))).status).toBe(404);
    const bad = await request(svc.app()).delete('/api/users/1;drop').set(bearer(admin.token));
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).error).toBe('validation_failed');
    expect(await svc.counts()).toEqual(before);
  });
});

describe('POST /api/users/{id}/toggle-admin', () => {
  it('promotes and demotes; the rights follow the database at once (a token issued before the change is ended)', async () => {
    const admin = await svc.signUp({ admin: true });
    const user = await svc.signUp();
    const promoted = await request(svc.app())
      .post(`/api/users/${user.id}/toggle-admin`)
      .set(bearer(admin.token))
      .expect(200);
    expect(promoted.body).toMatchObject({ id: user.id, is_admin: true });
    expect((await svc.query('select is_admin from users where id = $1', [user.id]))[0]).toEqual({
      is_admin: true,
    });
    await request(svc.app()).get('/api/users').set(bearer(user.token)).expect(401);
    const asAdmin = (await svc.login(user.email)).body.token as string;
    await request(svc.app()).get('/api/users').set(bearer(asAdmin)).expect(200);
    const demoted = await request(svc.app())
      .post(`/api/users/${user.id}/toggle-admin`)
      .set(bearer(admin.token))
      .expect(200);
    expect(demoted.body).toMatchObject({ is_admin: false });
    await request(svc.app()).get('/api/users').set(bearer(asAdmin)).expect(401);
    const asUser = (await svc.login(user.email)).body.token as string;
    await request(svc.app()).get('/api/users').set(bearer(asUser)).expect(403);
  });

  it("answers 403 'Cannot change own role' on one own account and keeps the role", async () => {
    const admin = await svc.signUp({ admin: true });
    const res = await request(svc.app())
      .post(`/api/users/${admin.id}/toggle-admin`)
      .set(bearer(admin.token))
      .expect(403);
    expect(res.body).toEqual({ error: 'forbidden', message: 'Cannot change own role' });
    expect((await svc.query('select is_admin from users where id = $1', [admin.id]))[0]).toEqual({
      is_admin: true,
    });
  });

  it('answers 404 for an unknown user and 400 for a bad id, changing nothing', async () => {
    const admin = await svc.signUp({ admin: true });
    const before = await svc.query('select * from users order by id');
    expect(
      (await request(svc.app()).post('/api/users/999999/toggle-admin').set(bearer(admin.token))).status,
    ).toBe(404);
    expect(
      (await request(svc.app()).post('/api/users/-3/toggle-admin').set(bearer(admin.token))).status,
    ).toBe(400);
    expect(await svc.query('select * from users order by id')).toEqual(before);
  });
});

describe('at least one admin always remains (rows locked while deciding)', () => {
  const onlyAdmins = async (...ids: number[]) => {
    await svc.query('update users set is_admin = (id = any($1::int[]))', [ids]);
  };
  const adminCount = () => svc.count('users', 'is_admin');

  // The loser answers 409 (last admin) or 403 (no longer an admin), depending on which check it meets first.
  it('two admins demoting each other at once: exactly one change goes through, one admin remains', async () => {
    const a = await svc.signUp();
    const b = await svc.signUp();
    await onlyAdmins(a.id, b.id);
    const results = await Promise.all([
      request(svc.app()).post(`/api/users/${b.id}/toggle-admin`).set(bearer(a.token)),
      request(svc.app()).post(`/api/users/${a.id}/toggle-admin`).set(bearer(b.token)),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const loser = results.find((r) => r.status !== 200)!;
    expect([messages.lastAdmin, 'Admin only']).toContain(loser.body.message);
    expect(await adminCount()).toBe(1);
  });

  it('two admins deleting each other at once: exactly one deletion goes through, one admin remains', async () => {
    const a = await svc.signUp();
    const b = await svc.signUp();
    await onlyAdmins(a.id, b.id);
    const results = await Promise.all([
      request(svc.app()).delete(`/api/users/${b.id}`).set(bearer(a.token)),
      request(svc.app()).delete(`/api/users/${a.id}`).set(bearer(b.token)),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(204);
    expect([401, 403, 409]).toContain(statuses[1]);
    expect(await adminCount()).toBe(1);
    expect(await svc.count('users', 'id = any($1::int[])', [[a.id, b.id]])).toBe(1);
  });
});
