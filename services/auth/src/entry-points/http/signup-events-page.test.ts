import {
  encodeCursor,
  PAGE_LIMITS,
  SignupEvent,
  SignupEventsResponse,
  type PageAnswer,
} from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useAuthService, type Signed } from '../../test-support/harness';
import { badPageQueries, expectInvalid, idsWalkedBothWays, pageFrom } from '../../test-support/pages';

const svc = useAuthService();

let admin: Signed;

// Ties on every sort column (instants a microsecond apart, e-mails and platforms equal but for case),
// LIKE wildcards, IPv4 and IPv6 addresses.
const seeds: [email: string, ip: string, outcome: 'success' | 'error', platform: string, at: string][] = [
  ['old@farm.test', '198.51.100.1', 'success', 'Windows', '2026-01-01T00:00:00Z'],
  ['Pit_Master@farm.test', '198.51.100.2', 'error', 'iOS', '2026-01-31T23:59:59.000001Z'],
  ['pitmaster@smoke.test', '198.51.100.2', 'success', 'Android', '2026-01-31T23:59:59.000001Z'],
  ['100%beef@smoke.test', '198.51.100.3', 'error', 'macOS', '2026-01-31T23:59:59.000002Z'],
  ['PITMASTER@smoke.test', '2001:DB8::1', 'error', 'IOS', '2026-02-01T00:00:00Z'],
  ['a@b.test', '2001:db8::2', 'success', 'ios', '2026-02-02T12:00:00Z'],
  ['zed@farm.test', '203.0.113.9', 'success', 'Linux', '2026-02-02T12:00:00Z'],
  ['Zed@farm.test', '203.0.113.9', 'error', 'linux', '2026-02-03T00:00:00.5Z'],
];

beforeAll(async () => {
  admin = await svc.signUp({ admin: true });
  await svc.query('delete from signup_events');
  for (const [email, ip, outcome, platform, at] of seeds) {
    await svc.query(
      'insert into signup_events (email, ip, outcome, platform, reason, created_at) values ($1, $2, $3, $4, $5, $6)',
      [email, ip, outcome, platform, outcome === 'error' ? 'validation_failed' : null, at],
    );
  }
});

const listEvents = (query: string, token = admin.token) =>
  request(svc.app()).get(`/api/admin/signup-events${query}`).set(bearer(token));

const page = async (query: string): Promise<PageAnswer<SignupEvent>> =>
  pageFrom(await listEvents(query), SignupEvent);

const SORT_SQL: Record<string, string> = {
  created_at: 'created_at',
  email: 'lower(email)',
  ip: 'lower(ip)',
  platform: 'lower(platform)',
  outcome: 'outcome',
};

const idsInOrder = async (sort: string, where = 'true') => {
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const expression = SORT_SQL[sort.replace(/^-/, '')];
  const rows = await svc.query<{ id: number }>(
    `select id from signup_events where ${where} order by ${expression} ${direction}, id ${direction}`,
  );
  return rows.map((row) => row.id);
};

const idsOf = (answer: { data: { id: number }[] }) => answer.data.map((event) => event.id);

describe('GET /api/admin/signup-events without q, sort or cursor answers as before', () => {
  it.each(['', '?limit=3', '?limit=2&before=999999', '?email=pit&outcome=error', '?unknown=1'])(
    '%s: the bare list, newest first by id',
    async (query) => {
      const res = await listEvents(query).expect(200);
      expect(SignupEventsResponse.parse(res.body).length).toBeGreaterThan(0);
      expect(Array.isArray(res.body)).toBe(true);
    },
  );

  it('limit alone still pages the old way (1 to 100)', async () => {
    const newestById = await svc.query<{ id: number }>(
      'select id from signup_events order by id desc limit 3',
    );
    const res = await listEvents('?limit=3').expect(200);
    expect(SignupEventsResponse.parse(res.body).map((event) => event.id)).toEqual(
      newestById.map((row) => row.id),
    );
    expectInvalid(await listEvents('?limit=101'), 'limit');
  });
});

describe('GET /api/admin/signup-events as a page', () => {
  it('q, sort or cursor asks for a page: newest first by default, with the total and the cursors', async () => {
    const expected = await idsInOrder('-created_at');
    for (const query of [
      '?q=',
      '?sort=-created_at',
      '?cursor=',
      '?q=&limit=100',
      '?sort=-created_at&before=',
    ]) {
      const answer = await page(query);
      expect(idsOf(answer), query).toEqual(expected);
      expect(answer).toMatchObject({
        total: expected.length,
        total_exact: true,
        next_cursor: null,
        prev_cursor: null,
      });
    }
    const [newest] = (await page('?sort=-created_at&limit=1')).data;
    expect(newest).toEqual({
      id: expected[0],
      email: 'Zed@farm.test',
      ip: '203.0.113.9',
      outcome: 'error',
      platform: 'linux',
      reason: 'validation_failed',
      created_at: '2026-02-03T00:00:00.500Z',
    });
  });

  it.each(Object.keys(SORT_SQL).flatMap((sort) => [sort, `-${sort}`]))(
    'sort=%s: walking next_cursor visits every event once in that order, and prev_cursor walks back',
    async (sort) => {
      for (const limit of [1, 3]) {
        const query = `?sort=${sort}&limit=${limit}`;
        const ids = await idsWalkedBothWays(await page(query), (cursor) => page(`${query}&cursor=${cursor}`));
        expect(ids).toEqual(await idsInOrder(sort));
      }
    },
  );

  it.each<[string, string, string]>([
    ['q: part of an e-mail, any case', '?q=PITMASTER', "email ilike '%pitmaster%'"],
    ['q: part of an IP, any case', '?q=db8::', "ip ilike '%db8::%'"],
    ['q: a part of an IPv4 address', '?q=198.51.100', "ip like '198.51.100.%'"],
    ['q: % as itself', '?q=0%25b', "email = '100%beef@smoke.test'"],
    ['q: _ as itself', '?q=t_m', "email = 'Pit_Master@farm.test'"],
    ['email=: part of the address', '?sort=created_at&email=pit', "email ilike '%pit%'"],
    ['outcome=', '?sort=created_at&outcome=error', "outcome = 'error'"],
    ['ip=: exact', '?sort=created_at&ip=198.51.100.2', "ip = '198.51.100.2'"],
    ['platform=: any case', '?sort=created_at&platform=IOS', "lower(platform) = 'ios'"],
    ['from= a date', '?sort=created_at&from=2026-02-01', "created_at >= '2026-02-01T00:00:00Z'"],
    ['to= a date (all of it)', '?sort=created_at&to=2026-01-31', "created_at < '2026-02-01T00:00:00Z'"],
    [
      'to= an instant (inclusive)',
      '?sort=created_at&to=2026-02-01T00:00:00Z',
      "created_at <= '2026-02-01T00:00:00Z'",
    ],
    [
      'filters and q together',
      '?q=smoke&outcome=error&platform=ios&from=2026-01-15',
      "email ilike '%smoke%' and outcome = 'error' and lower(platform) = 'ios'",
    ],
  ])('%s applies to pages', async (_what, query, where) => {
    const answer = await page(`${query}&limit=200`);
    const expected = await idsInOrder(
      query.includes('sort=created_at') ? 'created_at' : '-created_at',
      where,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(answer)).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it('a filtered search walks its pages with the filters kept', async () => {
    const query = '?q=farm&outcome=success&sort=email&limit=1';
    const ids = await idsWalkedBothWays(await page(query), (cursor) => page(`${query}&cursor=${cursor}`));
    expect(ids).toEqual(await idsInOrder('email', "email ilike '%farm%' and outcome = 'success'"));
  });

  it(`a page takes limit up to ${PAGE_LIMITS.limitMax} (the old list: 100)`, async () => {
    expect((await page(`?sort=-created_at&limit=${PAGE_LIMITS.limitMax}`)).data).toHaveLength(seeds.length);
  });

  it('a cursor of another sort is refused', async () => {
    const { next_cursor } = await page('?sort=email&limit=2');
    expectInvalid(await listEvents(`?sort=ip&cursor=${next_cursor}`), 'cursor');
    expectInvalid(await listEvents(`?cursor=${next_cursor}`), 'cursor');
  });

  it.each([
    ...badPageQueries('email').map(([what, query, path]): [string, string, string] => [
      what,
      query.startsWith('sort=') || query.startsWith('q=') ? query : `sort=email&${query}`,
      path,
    ]),
    ['before= (the old paging) with a page', 'sort=email&before=5', 'before'],
    ['from after to', 'q=a&from=2026-02-02&to=2026-02-01', 'from'],
    ['an unknown outcome', 'q=a&outcome=maybe', 'outcome'],
    ['a date that does not exist', 'q=a&from=2026-02-30', 'from'],
    ['an e-mail filter twice', 'q=a&email=a&email=b', 'email'],
  ])('answers 400 validation_failed for %s, and stores nothing', async (_what, query, path) => {
    const before = await svc.counts();
    expectInvalid(await listEvents(`?${query}`), path);
    expect(await svc.counts()).toEqual(before);
  });

  it('a crafted cursor whose instant is no date answers 400 with the error shape', async () => {
    const cursor = encodeCursor(
      { column: 'created_at', direction: 'desc' },
      { key: { value: '2026-02-31T25:00:00Z', id: 1 }, direction: 'after' },
    );
    const res = await listEvents(`?sort=-created_at&cursor=${cursor}`);
    expect(res.status).toBe(400);
    errorBodySchema.parse(res.body);
  });

  it('a page is for admins only', async () => {
    const cook = await svc.signUp();
    errorBodySchema.parse((await listEvents('?q=a', cook.token).expect(403)).body);
  });

  it(`counts at most ${PAGE_LIMITS.totalCap} rows, ${PAGE_LIMITS.searchTotalCap} under a search, and says when there are more`, async () => {
    await svc.query(
      `insert into signup_events (email, ip, outcome, platform)
         select 'bulk' || n || '@load.test', '192.0.2.1', 'success', 'Linux' from generate_series(1, ${PAGE_LIMITS.totalCap + 5}) as n`,
    );
    try {
      expect(await page('?q=load.test&limit=1')).toMatchObject({
        total: PAGE_LIMITS.searchTotalCap,
        total_exact: false,
      });
      expect(await page('?outcome=success&sort=-created_at&limit=1')).toMatchObject({
        total: PAGE_LIMITS.totalCap,
        total_exact: false,
      });
      expect(await page('?q=load.test&platform=windows')).toMatchObject({ total: 0, total_exact: true });
      expect(await page('?q=old@farm&limit=1')).toMatchObject({ total: 1, total_exact: true });
    } finally {
      await svc.query("delete from signup_events where ip = '192.0.2.1'");
    }
  });
});
