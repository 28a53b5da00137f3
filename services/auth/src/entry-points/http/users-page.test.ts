import {
  AdminUser,
  AdminUsersResponse,
  encodeCursor,
  LIMITS,
  PAGE_LIMITS,
  type PageAnswer,
} from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailKey } from '../../domain/emails';
import { bearer, useAuthService, type Signed } from '../../test-support/harness';
import { badPageQueries, expectInvalid, idsWalkedBothWays, pageFrom } from '../../test-support/pages';

const svc = useAuthService();

let admin: Signed;
let cook: Signed;

// Ties on every sort column (names and e-mails equal but for case, instants a microsecond apart), LIKE
// wildcards in names and e-mails, digits that are also ids.
const seeds: { email: string; name: string; admin?: boolean; at: string }[] = [
  { email: 'Zed@farm.test', name: 'alpha', at: '2026-01-01T00:00:00.000001Z' },
  { email: 'amy@farm.test', name: 'Beta', at: '2026-01-01T00:00:00.000001Z', admin: true },
  { email: 'AMY@smoke.test', name: 'beta', at: '2026-01-01T00:00:00.000002Z' },
  { email: 'bob@smoke.test', name: 'Gamma', at: '2026-01-02T00:00:00Z' },
  { email: 'pct@smoke.test', name: '100%_x', at: '2026-01-02T00:00:00Z' },
  { email: 'under_score@smoke.test', name: 'Ölig', at: '2026-01-03T00:00:00Z', admin: true },
  { email: 'cook3@farm.test', name: 'Pit 3', at: '2026-01-03T00:00:00Z' },
  { email: 'x@farm.test', name: 'beta', at: '2026-01-04T00:00:00Z' },
  { email: 'y@farm.test', name: 'BETA', at: '2026-01-04T00:00:00Z' },
  { email: 'z@farm.test', name: 'zulu', at: '2026-01-05T12:00:00.123456Z' },
];

beforeAll(async () => {
  admin = await svc.signUp({ admin: true });
  cook = await svc.signUp();
  for (const seed of seeds) {
    await svc.query(
      'insert into users (email, email_key, name, password_hash, is_admin, created_at) values ($1, $2, $3, $4, $5, $6)',
      [seed.email, emailKey(seed.email), seed.name, 'x', seed.admin ?? false, seed.at],
    );
  }
});

const listUsers = (query: string, token = admin.token) =>
  request(svc.app()).get(`/api/users${query}`).set(bearer(token));

const page = async (query: string): Promise<PageAnswer<AdminUser>> =>
  pageFrom(await listUsers(query), AdminUser);

/** The sort expressions of the users list, to ask PostgreSQL for the order a sort must give. */
const SORT_SQL: Record<string, string> = {
  id: 'id',
  email: 'lower(email)',
  name: 'lower(name)',
  created_at: 'created_at',
  is_admin: 'is_admin',
};

const idsInOrder = async (sort: string, where = 'true', params: unknown[] = []) => {
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const expression = SORT_SQL[sort.replace(/^-/, '')];
  const rows = await svc.query<{ id: number }>(
    `select id from users where ${where} order by ${expression} ${direction}, id ${direction}`,
    params,
  );
  return rows.map((row) => row.id);
};

const idsOf = (answer: PageAnswer<AdminUser>) => answer.data.map((user) => user.id);

describe('GET /api/users without page keys answers as before', () => {
  it.each(['', '?', '?unknown=1'])('%s: every user, oldest first, as a bare list', async (query) => {
    const res = await listUsers(query).expect(200);
    const users = AdminUsersResponse.parse(res.body);
    expect(users.map((user) => user.id)).toEqual(await idsInOrder('id'));
  });
});

describe('GET /api/users as a page', () => {
  it('any of q, sort, limit, cursor or ids asks for a page: rows as the list shows them, the total and the cursors', async () => {
    const all = (await listUsers('').expect(200)).body as AdminUser[];
    for (const query of ['?q=', '?sort=id', '?limit=50', '?cursor=', '?ids=']) {
      expect(await page(query), query).toEqual({
        data: all,
        total: all.length,
        total_exact: true,
        next_cursor: null,
        prev_cursor: null,
      });
    }
    expect(all.every((user) => user.license_status === 'none')).toBe(true);
  });

  it.each(Object.keys(SORT_SQL).flatMap((sort) => [sort, `-${sort}`]))(
    'sort=%s: walking next_cursor visits every user once in that order, and prev_cursor walks back',
    async (sort) => {
      for (const limit of [1, 3, 5]) {
        const query = `?sort=${sort}&limit=${limit}`;
        const first = await page(query);
        expect(first.data).toHaveLength(limit);
        const ids = await idsWalkedBothWays(first, (cursor) => page(`${query}&cursor=${cursor}`));
        expect(ids).toEqual(await idsInOrder(sort));
      }
    },
  );

  it('text sorts ignore case: names equal but for case are neighbours', async () => {
    const names = (await page('?sort=name&limit=200')).data.map((user) => user.name);
    const betas = names.flatMap((name, index) => (name.toLowerCase() === 'beta' ? [index] : []));
    expect(betas).toHaveLength(4);
    expect(betas.at(-1)! - betas[0]!).toBe(3);
  });

  it.each<[string, string, string, unknown[]]>([
    ['part of an e-mail, any case', 'AMY', 'email ilike $1', ['%amy%']],
    ['part of a name, any case', 'gAmM', 'name ilike $1', ['%gamma%']],
    ['an e-mail or a name', 'beta', 'email ilike $1 or name ilike $1', ['%beta%']],
    ['% and _ as themselves', '0%_', "name = '100%_x'", []],
    ['an underscore as itself', 'r_s', "email = 'under_score@smoke.test'", []],
    [
      'a whole number: that id, and the e-mails and names holding it',
      '3',
      "id = 3 or email like '%3%' or name like '%3%'",
      [],
    ],
    ['non-ASCII, any case', 'ölig', "name = 'Ölig'", []],
    ['nothing', 'no-such-user', 'false', []],
  ])('q matches %s', async (_what, q, where, params) => {
    const answer = await page(`?q=${encodeURIComponent(q)}&limit=200`);
    const expected = await idsInOrder('id', where, params);
    expect(idsOf(answer)).toEqual(expected);
    expect(answer).toMatchObject({ total: expected.length, total_exact: true });
  });

  it('q is trimmed, and a whole number beyond PostgreSQL integers only matches text', async () => {
    expect(idsOf(await page('?q=%20%20bob%20'))).toEqual(await idsInOrder('id', "email = 'bob@smoke.test'"));
    expect(idsOf(await page('?q=99999999999'))).toEqual([]);
  });

  it('a search walks its pages like the whole list, and its total counts its matches', async () => {
    const first = await page('?q=farm&sort=-name&limit=2');
    const expected = await idsInOrder('-name', "email ilike '%farm%'");
    expect(first.total).toBe(expected.length);
    const ids = await idsWalkedBothWays(first, (cursor) =>
      page(`?q=farm&sort=-name&limit=2&cursor=${cursor}`),
    );
    expect(ids).toEqual(expected);
  });

  it('ids= answers only those users (the console looks up owners and actors with it), with q too', async () => {
    const [a, b, c] = await idsInOrder(
      'id',
      "email in ('Zed@farm.test', 'bob@smoke.test', 'AMY@smoke.test')",
    );
    expect(idsOf(await page(`?ids=${c},${a},${b},${a}`))).toEqual([a, b, c]);
    expect(idsOf(await page(`?ids=${a},${b},${c}&q=smoke`))).toEqual([b, c]);
    expect(idsOf(await page(`?ids=${a},${b},${c}&sort=-email&limit=1`))).toHaveLength(1);
    expect(await page('?ids=999999')).toMatchObject({ data: [], total: 0, next_cursor: null });
  });

  it('a cursor carries its sort: another sort refuses it, and a Previous page reaching the start is the first page', async () => {
    const byEmail = await page('?sort=email&limit=2');
    const res = await listUsers(`?sort=name&cursor=${byEmail.next_cursor}`);
    expectInvalid(res, 'cursor');
    expect(res.body.message).toBe('cursor belongs to another sort: ask for the first page again');
    expectInvalid(await listUsers(`?sort=-email&cursor=${byEmail.next_cursor}`), 'cursor');

    const second = await page(`?sort=email&limit=2&cursor=${byEmail.next_cursor}`);
    const back = await page(`?sort=email&limit=2&cursor=${second.prev_cursor}`);
    expect(back).toEqual(byEmail);
  });

  it.each([
    ...badPageQueries('email'),
    ['ids not numbers', 'ids=abc', 'ids'],
    ['ids with 0', 'ids=0', 'ids'],
    ['ids with an empty item', 'ids=1,,2', 'ids'],
    ['ids with a negative id', 'ids=-1', 'ids'],
    ['ids past PostgreSQL integers', 'ids=2147483648', 'ids'],
    [
      `more than ${LIMITS.userIdsMax} ids`,
      `ids=${Array.from({ length: LIMITS.userIdsMax + 1 }, (_, i) => i + 1).join(',')}`,
      'ids',
    ],
    ['ids= twice', 'ids=1&ids=2', 'ids'],
  ])('answers 400 validation_failed for %s, and stores nothing', async (_what, query, path) => {
    const before = await svc.counts();
    expectInvalid(await listUsers(`?${query}`), path);
    expect(await svc.counts()).toEqual(before);
  });

  it.each([
    ['an id beyond PostgreSQL integers', { column: 'id', value: 1, id: 2 ** 40 }],
    ['an int sort value of another kind', { column: 'id', value: 'abc', id: 1 }],
    ['an instant that is no date', { column: 'created_at', value: '2026-13-45T99:99:99Z', id: 1 }],
    ['a text value with a NUL', { column: 'email', value: 'a\u0000b', id: 1 }],
    ['a boolean sort value of another kind', { column: 'is_admin', value: 'yes', id: 1 }],
  ])('a crafted cursor with %s answers 400 with the error shape', async (_what, { column, value, id }) => {
    const cursor = encodeCursor({ column, direction: 'asc' }, { key: { value, id }, direction: 'after' });
    const res = await listUsers(`?sort=${column}&cursor=${cursor}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    errorBodySchema.parse(res.body);
  });

  it('a page is for admins only: 403 for a cook, 401 without a token', async () => {
    errorBodySchema.parse((await listUsers('?q=a', cook.token).expect(403)).body);
    errorBodySchema.parse((await request(svc.app()).get('/api/users?q=a').expect(401)).body);
  });

  it(`counts at most ${PAGE_LIMITS.totalCap} rows, ${PAGE_LIMITS.searchTotalCap} under a search, and says when there are more`, async () => {
    await svc.query(
      `insert into users (email, email_key, name, password_hash)
         select 'bulk' || n || '@load.test', 'bulk' || n || '@load.test', 'Bulk', 'x'
         from generate_series(1, ${PAGE_LIMITS.totalCap}) as n`,
    );
    try {
      expect(await page('?q=load.test&limit=1')).toMatchObject({
        total: PAGE_LIMITS.searchTotalCap,
        total_exact: false,
      });
      expect(await page(`?q=bulk${PAGE_LIMITS.totalCap}@&limit=1`)).toMatchObject({
        total: 1,
        total_exact: true,
      });
      expect(await page('?limit=1')).toMatchObject({ total: PAGE_LIMITS.totalCap, total_exact: false });
    } finally {
      await svc.query("delete from users where email like 'bulk%@load.test'");
    }
  });
});
