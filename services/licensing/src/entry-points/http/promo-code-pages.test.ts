import {
  PROMO_CODES_PAGE,
  PromoCodesPageResponse,
  PromoCodesResponse,
  type PromoCode,
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

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
  // 30 codes with few distinct creation times and use counts, so that many rows tie.
  for (let i = 0; i < 30; i += 1) {
    await svc.query(
      'insert into promo_codes (code, max_uses, used_count, created_at) values ($1, 100, $2, $3)',
      [
        `${['BBQ', 'SMOKE', 'RUB_IT', 'RUBXIT'][i % 4]}-${i}`,
        i % 3,
        `2026-03-0${1 + (i % 2)}T00:00:00.00000${i % 3}Z`,
      ],
    );
  }
});

type Stored = { id: number; code: string; created_at: string; used_count: number };

const storedCodes = () =>
  svc.query<Stored>(
    `select id, code, used_count,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
     from promo_codes`,
  );

type Column = keyof typeof PROMO_CODES_PAGE.columns;

const sortValue: Record<Column, (c: Stored) => string | number> = {
  id: (c) => c.id,
  code: (c) => c.code.toLowerCase(),
  created_at: (c) => c.created_at,
  used_count: (c) => c.used_count,
};

const idsInOrder = (codes: Stored[], column: Column, descending: boolean) =>
  idsInSortOrder(codes, sortValue[column], descending);

const get = (query: string, who: Caller = admin) =>
  request(svc.app()).get(`/api/promo-codes${query}`).set(who.headers);

const readPage: ReadPage<PromoCode> = async (query) => {
  const res = await request(svc.app()).get('/api/promo-codes').query(query).set(admin.headers);
  expect(res.status, res.text).toBe(200);
  return PromoCodesPageResponse.parse(res.body);
};

describe('GET /api/promo-codes', () => {
  it('without page keys answers every code, newest first, as before', async () => {
    const all = PromoCodesResponse.parse((await get('').expect(200)).body);
    expect(all.map((c) => c.id)).toEqual(idsInOrder(await storedCodes(), 'id', true));
  });

  it('with page keys answers a page, newest first by default, with the total', async () => {
    const stored = await storedCodes();
    const page = await readPage({ limit: '10' });
    expect(page.data.map((c) => c.id)).toEqual(idsInOrder(stored, 'id', true).slice(0, 10));
    expect(page).toMatchObject({ total: stored.length, total_exact: true, prev_cursor: null });
    expect(page.next_cursor).not.toBeNull();
    expect(page.data[0]).toMatchObject({ max_uses: 100, remaining_uses: 100 - page.data[0]!.used_count });
  });

  it('walking Next visits every code once in the order of each sort, either way, and Previous walks back', async () => {
    const stored = await storedCodes();
    for (const column of Object.keys(PROMO_CODES_PAGE.columns) as Column[]) {
      for (const descending of [false, true]) {
        await expectWalksEveryRowOnce(
          readPage,
          { sort: descending ? `-${column}` : column, limit: '4' },
          idsInOrder(stored, column, descending),
          (c) => c.id,
        );
      }
    }
  });

  it('q finds part of the code in any case, with _ and % as typed', async () => {
    const stored = await storedCodes();
    const expectCodes = async (q: string, part: string) => {
      const expected = idsInOrder(
        stored.filter((c) => c.code.includes(part)),
        'id',
        true,
      );
      const pages = await walkPages(readPage, { q, limit: '3' }, 'next', await readPage({ q, limit: '3' }));
      expect(pages.flatMap((page) => page.data.map((c) => c.id))).toEqual(expected);
      expect(pages[0]).toMatchObject({ total: expected.length, total_exact: true });
    };
    await expectCodes('smoke', 'SMOKE');
    await expectCodes('b_i', 'B_I');
    await expectCodes('-1', '-1');
    await expectCodes('%', '%');
  });

  it.each(badPageQueries('code', 'text'))('%s answers 400 and changes nothing', async (_name, query) => {
    const before = await svc.counts();
    expectValidationFailed(await get(`?${query}`));
    expect(await svc.counts()).toEqual(before);
  });

  it('a cursor of another sort answers 400', async () => {
    const page = await readPage({ sort: 'created_at', limit: '2' });
    const res = await request(svc.app())
      .get('/api/promo-codes')
      .query({ sort: '-created_at', cursor: page.next_cursor! })
      .set(admin.headers);
    expectValidationFailed(res);
    expect(res.body.message).toBe('cursor belongs to another sort: ask for the first page again');
  });

  it('is for admins only', async () => {
    expect((await get('?limit=5', await svc.user())).status).toBe(403);
    expect((await request(svc.app()).get('/api/promo-codes?limit=5')).status).toBe(401);
  });
});
