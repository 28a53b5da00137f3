import {
  CreditsPageResponse,
  CreditsResponse,
  LEDGER_PAGE,
  LICENSING_LIMITS,
  type CreditsPageResponse as CreditsPage,
} from '@pitclock/contracts/schemas';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLicensingService, type Caller } from '../../test-support/harness';
import {
  badPageQueries,
  expectValidationFailed,
  expectWalksEveryRowOnce,
  idsInSortOrder,
  walkPages,
  type ReadPage,
} from '../../test-support/pages';

const svc = useLicensingService();

const HOLDER = 8001;
const OTHER = 8002;

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
  // 60 entries of the holder (more than the 50 of the old answer) with ties on delta and on the instant.
  const reasons = ['admin_grant', 'admin_adjust', 'activation'];
  for (let i = 0; i < 60; i += 1) {
    await svc.query(
      'insert into credit_ledger (user_id, delta, reason, actor_id, created_at) values ($1, $2, $3, $4, $5)',
      [
        HOLDER,
        i % 3 === 2 ? -1 : 1 + (i % 4),
        reasons[i % 3],
        admin.id,
        `2026-04-01T00:00:0${i % 4}.00000${i % 2}Z`,
      ],
    );
  }
  await svc.query(
    "insert into credit_ledger (user_id, delta, reason, actor_id) values ($1, 5, 'admin_grant', $2)",
    [OTHER, admin.id],
  );
  await svc.query(
    'insert into credit_balances (user_id, balance) select user_id, sum(delta) from credit_ledger group by user_id',
  );
});

type Stored = { id: number; delta: number; reason: string; created_at: string };

const storedLedger = (userId: number) =>
  svc.query<Stored>(
    `select id, delta, reason,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
     from credit_ledger where user_id = $1`,
    [userId],
  );

type Column = keyof typeof LEDGER_PAGE.columns;

const idsInOrder = (entries: Stored[], column: Column, descending: boolean) =>
  idsInSortOrder(entries, (entry) => entry[column], descending);

const get = (query: string, who: Caller = admin) =>
  request(svc.app()).get(`/api/licenses/credits${query}`).set(who.headers);

const pageOf = (userId: number): ReadPage<CreditsPage['data'][number]> => {
  const read = async (query: Record<string, string>) => {
    const res = await request(svc.app())
      .get('/api/licenses/credits')
      .query({ user_id: String(userId), ...query })
      .set(admin.headers);
    expect(res.status, res.text).toBe(200);
    return CreditsPageResponse.parse(res.body);
  };
  return read;
};

const balanceOf = async (userId: number) =>
  (
    await svc.query<{ balance: number }>('select balance from credit_balances where user_id = $1', [userId])
  )[0]?.balance ?? 0;

describe('GET /api/licenses/credits', () => {
  it('with user_id alone answers the balance and the 50 newest entries, as before', async () => {
    const res = CreditsResponse.parse((await get(`?user_id=${HOLDER}`).expect(200)).body);
    expect(res.balance).toBe(await balanceOf(HOLDER));
    expect(res.ledger.map((e) => e.id)).toEqual(
      idsInOrder(await storedLedger(HOLDER), 'id', true).slice(0, LICENSING_LIMITS.recentLedger),
    );
  });

  it('with page keys answers the balance and a page of that user’s ledger, newest first by default', async () => {
    const stored = await storedLedger(HOLDER);
    const page = await pageOf(HOLDER)({ limit: '10' });
    expect(page).toMatchObject({
      user_id: HOLDER,
      balance: await balanceOf(HOLDER),
      total: stored.length,
      total_exact: true,
      prev_cursor: null,
    });
    expect(page.data.map((e) => e.id)).toEqual(idsInOrder(stored, 'id', true).slice(0, 10));
    const other = await pageOf(OTHER)({ limit: '10' });
    expect(other).toMatchObject({ user_id: OTHER, balance: 5, total: 1, next_cursor: null });
    const nobody = await pageOf(8999)({ limit: '10' });
    expect(nobody).toEqual({
      user_id: 8999,
      balance: 0,
      data: [],
      total: 0,
      total_exact: true,
      next_cursor: null,
      prev_cursor: null,
    });
  });

  it('walking Next visits every entry of the user once in the order of each sort, either way, and Previous walks back', async () => {
    const stored = await storedLedger(HOLDER);
    for (const column of Object.keys(LEDGER_PAGE.columns) as Column[]) {
      for (const descending of [false, true]) {
        await expectWalksEveryRowOnce(
          pageOf(HOLDER),
          { sort: descending ? `-${column}` : column, limit: '9' },
          idsInOrder(stored, column, descending),
          (e) => e.id,
        );
      }
    }
  });

  it('q finds part of the reason, any case', async () => {
    const stored = await storedLedger(HOLDER);
    for (const [q, part] of [
      ['GRANT', 'grant'],
      ['admin_', 'admin_'],
      ['tion', 'tion'],
      ['nothing', 'nothing'],
    ] as const) {
      const read = pageOf(HOLDER);
      const pages = await walkPages(read, { q, limit: '8' }, 'next', await read({ q, limit: '8' }));
      const expected = idsInOrder(
        stored.filter((e) => e.reason.includes(part)),
        'id',
        true,
      );
      expect(pages.flatMap((page) => page.data.map((e) => e.id))).toEqual(expected);
      expect(pages[0]).toMatchObject({ total: expected.length, total_exact: true });
    }
  });

  it('counts at most 10,000 entries and then says the total is not exact', async () => {
    const holder = 8500;
    await svc.query(
      `insert into credit_ledger (user_id, delta, reason) select $1, 1, 'activation' from generate_series(1, 10001)`,
      [holder],
    );
    const page = await pageOf(holder)({ limit: '2' });
    expect(page).toMatchObject({ total: 10_000, total_exact: false });
    expect(page.data).toHaveLength(2);
  });

  it.each([
    ...badPageQueries('created_at', 'instant').map(([name, query]): [string, string] => [
      name,
      `user_id=${HOLDER}&${query}`,
    ]),
    ['page keys without a user id', 'limit=5'],
    ['a user id that is not a number', 'user_id=abc&limit=5'],
    ['user id 0', 'user_id=0&limit=5'],
    ['a user id past 2^31-1', 'user_id=2147483648&limit=5'],
    ['user_id twice', `user_id=${HOLDER}&user_id=${OTHER}&limit=5`],
  ])('%s answers 400 and changes nothing', async (_name, query) => {
    const before = await svc.counts();
    expectValidationFailed(await get(`?${query}`));
    expect(await svc.counts()).toEqual(before);
  });

  it('is for admins only', async () => {
    expect((await get(`?user_id=${HOLDER}&limit=5`, await svc.user())).status).toBe(403);
    expect((await request(svc.app()).get(`/api/licenses/credits?user_id=${HOLDER}&limit=5`)).status).toBe(
      401,
    );
  });
});
