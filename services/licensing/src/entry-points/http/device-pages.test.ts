import {
  DEVICES_PAGE,
  DevicesPageResponse,
  DevicesResponse,
  decodeCursor,
  type Device,
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
  await seedDevices();
});

const OWNERS = [7001, 7002, 7003];

/**
 * 40 devices of three owners with few distinct values per sort column, so that many rows tie (names and
 * UIDs that differ only in case, missing names, instants a microsecond apart), and every fifth revoked.
 */
const seedDevices = async () => {
  const uids = ['Phone', 'phone', 'TABLET', 'tab_let'];
  const names = ['alpha', 'Beta', 'beta', null, 'gamma2', 'zulu', '100x'];
  for (let i = 0; i < 40; i += 1) {
    await svc.query(
      `insert into devices (user_id, device_uid, device_name, license_expires_at, last_seen_at, created_at, revoked_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        OWNERS[i % 3],
        `${uids[i % 4]}${Math.floor(i / 8)}`,
        names[i % 7],
        `2027-0${1 + (i % 4)}-01T00:00:00Z`,
        `2026-01-01T00:00:00.00000${i % 3}Z`,
        `2025-0${1 + (i % 2)}-01T00:00:00Z`,
        i % 5 === 0 ? '2026-02-01T00:00:00Z' : null,
      ],
    );
  }
};

type Stored = {
  id: number;
  user_id: number;
  device_uid: string;
  device_name: string | null;
  last_seen: string;
  created_at: string;
  license_expires_at: string;
  revoked: boolean;
};

const micro = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Every stored device, with its sort values as the API's sorts compare them. */
const storedDevices = () =>
  svc.query<Stored>(
    `select id, user_id, device_uid, device_name, ${micro('last_seen_at')} as last_seen,
       ${micro('created_at')} as created_at, ${micro('license_expires_at')} as license_expires_at,
       revoked_at is not null as revoked
     from devices`,
  );

type Column = keyof typeof DEVICES_PAGE.columns;

const sortValue: Record<Column, (d: Stored) => string | number> = {
  device_id: (d) => d.id,
  device_uid: (d) => d.device_uid.toLowerCase(),
  device_name: (d) => (d.device_name ?? '').toLowerCase(),
  last_seen: (d) => d.last_seen,
  created_at: (d) => d.created_at,
  license_expires_at: (d) => d.license_expires_at,
};

/** The ids in the order a sort asks: by the value (text ignoring case, a missing name as ''), then by id. */
const idsInOrder = (devices: Stored[], column: Column, descending: boolean) =>
  idsInSortOrder(devices, sortValue[column], descending);

const get = (query: string, who: Caller = admin) =>
  request(svc.app()).get(`/api/licenses/devices${query}`).set(who.headers);

const readPage: ReadPage<Device> = async (query) => {
  const res = await request(svc.app()).get('/api/licenses/devices').query(query).set(admin.headers);
  expect(res.status, res.text).toBe(200);
  return DevicesPageResponse.parse(res.body);
};

describe('GET /api/licenses/devices without page keys answers as before', () => {
  it('every device as a list, or one user’s with user_id', async () => {
    const all = DevicesResponse.parse((await get('').expect(200)).body);
    expect(all.map((d) => d.device_id)).toEqual(idsInOrder(await storedDevices(), 'device_id', false));
    const mine = DevicesResponse.parse((await get(`?user_id=${OWNERS[1]}`).expect(200)).body);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.user_id === OWNERS[1])).toBe(true);
  });
});

describe('GET /api/licenses/devices as a page (admin)', () => {
  it.each([['q='], ['sort=device_id'], ['limit=5'], ['status=active'], [`user_id=${OWNERS[0]}&limit=2`]])(
    '?%s answers a page',
    async (query) => {
      const page = DevicesPageResponse.parse((await get(`?${query}`).expect(200)).body);
      expect(page.total).toBeGreaterThan(0);
      expect(page.total_exact).toBe(true);
    },
  );

  it('the first page is sorted by device id with 50 rows at most, and says how many match', async () => {
    const stored = await storedDevices();
    // A blank q asks for a page and searches nothing.
    const page = await readPage({ q: ' ' });
    expect(page.data.map((d) => d.device_id)).toEqual(idsInOrder(stored, 'device_id', false).slice(0, 50));
    expect(page).toMatchObject({
      total: stored.length,
      total_exact: true,
      next_cursor: null,
      prev_cursor: null,
    });
    const [row] = await svc.query('select * from devices where id = $1', [page.data[0]!.device_id]);
    expect(page.data[0]).toMatchObject({ device_uid: row!.device_uid, user_id: row!.user_id });
  });

  it('walking Next visits every device once in the order of each sort, either way, and Previous walks back', async () => {
    const stored = await storedDevices();
    for (const column of Object.keys(DEVICES_PAGE.columns) as Column[]) {
      for (const descending of [false, true]) {
        const sort = descending ? `-${column}` : column;
        await expectWalksEveryRowOnce(
          readPage,
          { sort, limit: '7' },
          idsInOrder(stored, column, descending),
          (d) => d.device_id,
        );
      }
    }
  });

  it('user_id, status and q filter (q: part of the UID or the name, any case, % and _ as typed), with their totals', async () => {
    const stored = await storedDevices();
    const expectIds = async (query: Record<string, string>, keep: (d: Stored) => boolean) => {
      const expected = idsInOrder(stored.filter(keep), 'device_id', false);
      const pages = await walkAll(query);
      expect(
        pages.flatMap((page) => page.data.map((d) => d.device_id)),
        JSON.stringify(query),
      ).toEqual(expected);
      expect(pages[0]).toMatchObject({ total: expected.length, total_exact: true });
    };
    const contains = (text: string | null, part: string) => (text ?? '').toLowerCase().includes(part);
    await expectIds({ user_id: String(OWNERS[2]) }, (d) => d.user_id === OWNERS[2]);
    await expectIds({ status: 'revoked' }, (d) => d.revoked);
    await expectIds({ status: 'active' }, (d) => !d.revoked);
    await expectIds(
      { q: 'PHONE' },
      (d) => contains(d.device_uid, 'phone') || contains(d.device_name, 'phone'),
    );
    await expectIds({ q: 'bEtA' }, (d) => contains(d.device_uid, 'beta') || contains(d.device_name, 'beta'));
    await expectIds({ q: 'b_l' }, (d) => contains(d.device_uid, 'b_l'));
    await expectIds({ q: '_' }, (d) => contains(d.device_uid, '_') || contains(d.device_name, '_'));
    await expectIds({ q: '%' }, () => false);
    await expectIds(
      { user_id: String(OWNERS[0]), status: 'active', q: 'tab' },
      (d) => d.user_id === OWNERS[0] && !d.revoked && contains(d.device_uid, 'tab'),
    );
    await expectIds({ user_id: '2147483647' }, () => false);
  });

  it('counts at most 10,000 matching devices and then says the total is not exact', async () => {
    const owner = 7999;
    await svc.query(
      `insert into devices (user_id, device_uid, license_expires_at)
       select $1, 'cap-' || g, now() from generate_series(1, 10001) g`,
      [owner],
    );
    try {
      const page = await readPage({ user_id: String(owner), limit: '3' });
      expect(page).toMatchObject({ total: 10_000, total_exact: false });
      expect(page.data).toHaveLength(3);
      // cap-1000, cap-10000 and cap-10001
      const exact = await readPage({ user_id: String(owner), q: 'cap-1000', limit: '3' });
      expect(exact).toMatchObject({ total: 3, total_exact: true });
    } finally {
      await svc.query('delete from devices where user_id = $1', [owner]);
    }
  });

  it.each([
    ...badPageQueries('last_seen', 'instant'),
    ['a user id that is not a number', 'user_id=abc'],
    ['user id 0', 'user_id=0&limit=5'],
    ['a user id past 2^31-1', 'user_id=2147483648&limit=5'],
    ['user_id twice', 'user_id=1&user_id=2&limit=5'],
    ['an unknown status', 'status=gone'],
    ['status twice', 'status=active&status=revoked'],
  ])('%s answers 400 and changes nothing', async (_name, query) => {
    const before = await svc.counts();
    expectValidationFailed(await get(`?${query}`));
    expect(await svc.counts()).toEqual(before);
  });

  it('a cursor of another sort answers 400 (ask for the first page again)', async () => {
    const page = await readPage({ sort: 'device_uid', limit: '2' });
    expect(decodeCursor(page.next_cursor!)?.sort).toBe('device_uid');
    const withSort = (sort: string) =>
      request(svc.app())
        .get('/api/licenses/devices')
        .query({ sort, cursor: page.next_cursor! })
        .set(admin.headers);
    for (const sort of ['-device_uid', 'device_name']) {
      const res = await withSort(sort);
      expectValidationFailed(res);
      expect(res.body.message).toBe('cursor belongs to another sort: ask for the first page again');
    }
    // A sort of another kind (an id) cannot even read its value.
    expectValidationFailed(await withSort('device_id'));
  });

  it('is for admins only', async () => {
    expect((await get('?limit=5', await svc.user())).status).toBe(403);
    expect((await request(svc.app()).get('/api/licenses/devices?limit=5')).status).toBe(401);
  });
});

/** Every page of a query, 4 rows a page. */
const walkAll = async (query: Record<string, string>) =>
  walkPages(readPage, { ...query, limit: '4' }, 'next', await readPage({ ...query, limit: '4' }));
