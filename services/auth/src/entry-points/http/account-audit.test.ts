import { AuditEntry, AuditPageResponse, type PageAnswer } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailKey } from '../../domain/emails';
import { bearer, newEmail, useAuthService, type Signed } from '../../test-support/harness';
import { badPageQueries, expectInvalid, idsWalkedBothWays, pageFrom } from '../../test-support/pages';

const svc = useAuthService();

let admin: Signed;
let cook: Signed;

beforeAll(async () => {
  admin = await svc.signUp({ admin: true });
  cook = await svc.signUp();
});

/** An account to act on (no password: it never signs in). */
const newUser = async (name = 'Target Cook', isAdmin = false) => {
  const email = newEmail('target');
  const [row] = await svc.query<{ id: number }>(
    'insert into users (email, email_key, name, password_hash, is_admin) values ($1, $2, $3, $4, $5) returning id',
    [email, emailKey(email), name, '$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA', isAdmin],
  );
  return { id: row!.id, email, name };
};

type StoredEntry = {
  actor_id: number | null;
  action: string;
  target_id: string;
  subject_user_id: number | null;
  before: unknown;
  after: unknown;
};

const entriesOn = (userId: number) =>
  svc.query<StoredEntry & { created_at: Date }>(
    'select actor_id, action, target_id, subject_user_id, before, after, created_at from account_audit where subject_user_id = $1 order by id',
    [userId],
  );

const withoutTime = (entries: (StoredEntry & { created_at: Date })[]) =>
  entries.map(({ created_at: _created_at, ...entry }) => entry);

const patch = (id: number, body: object, token = admin.token) =>
  request(svc.app()).patch(`/api/users/${id}`).set(bearer(token)).send(body);
const remove = (id: number, token = admin.token) =>
  request(svc.app()).delete(`/api/users/${id}`).set(bearer(token));
const toggle = (id: number, token = admin.token) =>
  request(svc.app()).post(`/api/users/${id}/toggle-admin`).set(bearer(token));

/** Runs a refused request and checks it answered `status` and added no audit entry. */
const expectRefusedUnrecorded = async (send: () => PromiseLike<request.Response>, status: number) => {
  const before = await svc.count('account_audit');
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  errorBodySchema.parse(res.body);
  expect(await svc.count('account_audit')).toBe(before);
};

describe('each admin action on an account writes exactly one audit entry with what it changed', () => {
  it('PATCH /api/users/{id}: user.update with the changed name, before and after', async () => {
    const user = await newUser('Old Name');
    await patch(user.id, { display_name: 'New Name' }).expect(200);
    const entries = await entriesOn(user.id);
    expect(withoutTime(entries)).toEqual([
      {
        actor_id: admin.id,
        action: 'user.update',
        target_id: String(user.id),
        subject_user_id: user.id,
        before: { name: 'Old Name' },
        after: { name: 'New Name' },
      },
    ]);
    expect(Date.now() - entries[0]!.created_at.getTime()).toBeLessThan(60_000);
  });

  it('PATCH /api/users/{id} with name and e-mail: both, as typed', async () => {
    const user = await newUser('Both');
    const email = newEmail('Renamed');
    await patch(user.id, { display_name: 'Both Again', email }).expect(200);
    expect(withoutTime(await entriesOn(user.id))).toMatchObject([
      { before: { name: 'Both', email: user.email }, after: { name: 'Both Again', email } },
    ]);
  });

  it('PATCH /api/users/{id} that changes only one of the fields it sends records only that one', async () => {
    const user = await newUser('Same Name');
    const email = newEmail('moved');
    await patch(user.id, { display_name: 'Same Name', email }).expect(200);
    expect(withoutTime(await entriesOn(user.id))).toMatchObject([
      { before: { email: user.email }, after: { email } },
    ]);
  });

  it('PATCH /api/users/{id} that changes nothing records nothing (nothing happened)', async () => {
    const user = await newUser('Unchanged');
    await patch(user.id, { display_name: 'Unchanged', email: user.email }).expect(200);
    expect(await entriesOn(user.id)).toEqual([]);
  });

  it('DELETE /api/users/{id}: user.delete with who the account was, kept after the account is gone', async () => {
    const user = await newUser('Gone Soon');
    await remove(user.id).expect(204);
    expect(withoutTime(await entriesOn(user.id))).toEqual([
      {
        actor_id: admin.id,
        action: 'user.delete',
        target_id: String(user.id),
        subject_user_id: user.id,
        before: { id: user.id, email: user.email, name: 'Gone Soon', is_admin: false },
        after: null,
      },
    ]);
    expect(await svc.count('users', 'id = $1', [user.id])).toBe(0);
  });

  it('POST /api/users/{id}/toggle-admin: user.toggle_admin with is_admin before and after, each way', async () => {
    const user = await newUser('Promoted');
    await toggle(user.id).expect(200);
    await toggle(user.id).expect(200);
    expect(withoutTime(await entriesOn(user.id))).toEqual([
      {
        actor_id: admin.id,
        action: 'user.toggle_admin',
        target_id: String(user.id),
        subject_user_id: user.id,
        before: { is_admin: false },
        after: { is_admin: true },
      },
      {
        actor_id: admin.id,
        action: 'user.toggle_admin',
        target_id: String(user.id),
        subject_user_id: user.id,
        before: { is_admin: true },
        after: { is_admin: false },
      },
    ]);
  });

  it('no entry holds a password hash', async () => {
    const user = await newUser('Hash Holder');
    await patch(user.id, { display_name: 'Hash Holder 2' }).expect(200);
    await toggle(user.id).expect(200);
    await remove(user.id).expect(204);
    const texts = await svc.query<{ text: string }>(
      "select coalesce(before::text, '') || coalesce(after::text, '') as text from account_audit",
    );
    expect(texts.length).toBeGreaterThan(0);
    for (const { text } of texts) expect(text).not.toMatch(/argon2|password/);
  });
});

describe('a refused or failed action writes no audit entry', () => {
  it.each<[string, () => Promise<() => PromiseLike<request.Response>>, number]>([
    [
      'PATCH to an e-mail another account has (409)',
      async () => {
        const user = await newUser();
        return () => patch(user.id, { email: cook.email.toUpperCase() });
      },
      409,
    ],
    ['PATCH of an unknown user (404)', async () => () => patch(999_999, { display_name: 'Nobody' }), 404],
    [
      'PATCH with a bad body (400)',
      async () => {
        const user = await newUser();
        return () => patch(user.id, { display_name: 'x' });
      },
      400,
    ],
    [
      'PATCH by a cook (403)',
      async () => {
        const user = await newUser();
        return () => patch(user.id, { display_name: 'By A Cook' }, cook.token);
      },
      403,
    ],
    ['DELETE of your own account (409)', async () => () => remove(admin.id), 409],
    ['DELETE of an unknown user (404)', async () => () => remove(999_999), 404],
    [
      'DELETE by a cook (403)',
      async () => {
        const user = await newUser();
        return () => remove(user.id, cook.token);
      },
      403,
    ],
    ['toggle-admin of your own account (403)', async () => () => toggle(admin.id), 403],
    ['toggle-admin of an unknown user (404)', async () => () => toggle(999_999), 404],
  ])('%s', async (_what, arrange, status) => {
    await expectRefusedUnrecorded(await arrange(), status);
  });
});

describe('GET /api/admin/audit/accounts', () => {
  let subject: { id: number; email: string; name: string };
  let otherAdmin: Signed;

  beforeAll(async () => {
    otherAdmin = await svc.signUp({ admin: true });
    subject = await newUser('Audited Cook');
    await patch(subject.id, { display_name: 'Audited Cook Renamed' }).expect(200);
    await toggle(subject.id, otherAdmin.token).expect(200);
    await toggle(subject.id).expect(200);
    const bystander = await newUser('Bystander');
    await remove(bystander.id, otherAdmin.token).expect(204);
  });

  const listAudit = (query: string, token = admin.token) =>
    request(svc.app()).get(`/api/admin/audit/accounts${query}`).set(bearer(token));
  const page = async (query: string): Promise<PageAnswer<AuditEntry>> =>
    pageFrom(await listAudit(query), AuditEntry);

  const idsWhere = async (where: string, params: unknown[] = [], order = 'created_at desc, id desc') =>
    (
      await svc.query<{ id: number }>(`select id from account_audit where ${where} order by ${order}`, params)
    ).map((row) => row.id);

  it('answers a page of every entry, newest first, in the AuditEntry shape', async () => {
    const res = await listAudit('').expect(200);
    const answer = AuditPageResponse.parse(res.body);
    expect(answer.data.map((entry) => entry.id)).toEqual(await idsWhere('true'));
    expect(answer).toMatchObject({
      total: answer.data.length,
      total_exact: true,
      next_cursor: null,
      prev_cursor: null,
    });
    const renamed = answer.data.find(
      (entry) => entry.subject_user_id === subject.id && entry.action === 'user.update',
    );
    expect(renamed).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor_id: admin.id,
      action: 'user.update',
      target_id: String(subject.id),
      subject_user_id: subject.id,
      before: { name: 'Audited Cook' },
      after: { name: 'Audited Cook Renamed' },
    });
  });

  it.each<[string, () => [query: string, where: string, params: unknown[]]]>([
    ['actor_id: one admin’s actions', () => [`actor_id=${otherAdmin.id}`, 'actor_id = $1', [otherAdmin.id]]],
    [
      'subject_user_id: the actions on one user',
      () => [`subject_user_id=${subject.id}`, 'subject_user_id = $1', [subject.id]],
    ],
    ['action: one action', () => ['action=user.toggle_admin', "action = 'user.toggle_admin'", []]],
  ])('filters by %s', async (_what, arrange) => {
    const [query, where, params] = arrange();
    const answer = await page(`?${query}`);
    const expected = await idsWhere(where, params);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.data.map((entry) => entry.id)).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it('filters combine, and an empty filter filters nothing', async () => {
    const answer = await page(`?actor_id=${otherAdmin.id}&subject_user_id=${subject.id}&action=`);
    expect(answer.data.map((entry) => entry.action)).toEqual(['user.toggle_admin']);
  });

  /** The entries a search must find: q in the action, the target id or a value before or after, any case. */
  const searched = (q: string) =>
    idsWhere('action ilike $1 or target_id ilike $1 or before::text ilike $1 or after::text ilike $1', [
      `%${q}%`,
    ]);

  it('q matches the action, any case', async () => {
    const answer = await page('?q=TOGGLE');
    expect(answer.data.map((entry) => entry.id)).toEqual(await searched('toggle'));
    expect(new Set(answer.data.map((entry) => entry.action))).toEqual(new Set(['user.toggle_admin']));
  });

  it('q matches the target id', async () => {
    const answer = await page(`?q=${subject.id}`);
    expect(answer.data.map((entry) => entry.id)).toEqual(await searched(String(subject.id)));
    expect(answer.data.filter((entry) => entry.target_id === String(subject.id))).toHaveLength(3);
  });

  it('q matches a value before or after, any case', async () => {
    const answer = await page('?q=audited%20COOK%20renamed');
    expect(answer.data.map((entry) => [entry.action, entry.after])).toEqual([
      ['user.update', { name: 'Audited Cook Renamed' }],
    ]);
  });

  it.each([
    ['-created_at', 'created_at desc, id desc'],
    ['created_at', 'created_at asc, id asc'],
    ['action', 'action asc, id asc'],
    ['-action', 'action desc, id desc'],
  ])(
    'sort=%s: walking next_cursor visits every entry once, and prev_cursor walks back',
    async (sort, order) => {
      const query = `?sort=${sort}&limit=1`;
      const ids = await idsWalkedBothWays(await page(query), (cursor) => page(`${query}&cursor=${cursor}`));
      expect(ids).toEqual(await idsWhere('true', [], order));
    },
  );

  it.each([
    ...badPageQueries('action'),
    ['actor_id not a number', 'actor_id=abc', 'actor_id'],
    ['actor_id 0', 'actor_id=0', 'actor_id'],
    ['actor_id past PostgreSQL integers', 'actor_id=2147483648', 'actor_id'],
    ['subject_user_id negative', 'subject_user_id=-3', 'subject_user_id'],
    ['subject_user_id twice', 'subject_user_id=1&subject_user_id=2', 'subject_user_id'],
    ['an unknown action', 'action=user.password_reset', 'action'],
  ])('answers 400 validation_failed for %s, and stores nothing', async (_what, query, path) => {
    const before = await svc.counts();
    expectInvalid(await listAudit(`?${query}`), path);
    expect(await svc.counts()).toEqual(before);
  });

  it('is for admins only: 403 for a cook, 401 without a token', async () => {
    errorBodySchema.parse((await listAudit('', cook.token).expect(403)).body);
    errorBodySchema.parse((await request(svc.app()).get('/api/admin/audit/accounts').expect(401)).body);
  });

  it('no route changes or deletes an entry, and the table itself refuses UPDATE and DELETE', async () => {
    const stored = await svc.query('select * from account_audit order by id');
    const [first] = await idsWhere('true');
    const client = request(svc.app());
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      for (const path of ['/api/admin/audit/accounts', `/api/admin/audit/accounts/${first}`]) {
        const res = await client[method](path).set(bearer(admin.token)).send({ action: 'user.update' });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    await expect(svc.query("update account_audit set action = 'user.delete'")).rejects.toThrow(/append-only/);
    await expect(svc.query('delete from account_audit')).rejects.toThrow(/append-only/);
    expect(await svc.query('select * from account_audit order by id')).toEqual(stored);
  });
});
