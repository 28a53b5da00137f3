import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DevicesPageQuery,
  PAGE_LIMITS,
  USERS_PAGE,
  UsersQuery,
  encodeCursor,
  type PageSort,
} from '@pitclock/contracts/schemas';
import {
  dayFilter,
  idFilter,
  oneOfFilter,
  pageArgs,
  readIdParam,
  readListState,
  textFilter,
  withoutKeys,
  writeIdParam,
  writeListState,
  type ListSpec,
} from './list-state';

type UserColumn = keyof typeof USERS_PAGE.columns;

const USERS: ListSpec<UserColumn> = {
  prefix: '',
  page: USERS_PAGE,
  limit: 50,
  dependents: ['details', 'ledger.'],
};
const DEVICES: ListSpec<UserColumn, 'user' | 'status'> = {
  prefix: 'devices.',
  page: USERS_PAGE,
  defaultSort: '-id',
  limit: 20,
  filters: { user: idFilter, status: oneOfFilter(['active', 'revoked']) },
};

const params = (text: string) => new URLSearchParams(text);
/** A cursor of `sort` after the row `id` (its sort value of the column's kind). */
const cursorOf = (sort: PageSort<UserColumn>, id = 7) => {
  const kind = USERS_PAGE.columns[sort.column];
  const value =
    kind === 'int'
      ? id
      : kind === 'bool'
        ? id % 2 === 0
        : kind === 'instant'
          ? '2026-01-01T00:00:00Z'
          : `u${id}@x`;
  return encodeCursor(sort, { key: { value, id }, direction: 'after' });
};
const byEmail: PageSort<UserColumn> = { column: 'email', direction: 'asc' };

describe('readListState', () => {
  it('reads nothing as the first page of the default sort, without search or filters', () => {
    expect(readListState(params(''), USERS)).toEqual({
      q: '',
      sort: { column: 'id', direction: 'asc' },
      cursor: undefined,
      filters: {},
    });
    expect(readListState(params(''), DEVICES).sort).toEqual({ column: 'id', direction: 'desc' });
  });

  it("reads the list's own keys (its prefix), and only them", () => {
    const cursor = cursorOf({ column: 'email', direction: 'desc' });
    const url = params(
      `q=other&devices.q=%20pit%20&devices.sort=-email&devices.cursor=${cursor}&devices.user=12&devices.status=revoked`,
    );
    expect(readListState(url, DEVICES)).toEqual({
      q: 'pit',
      sort: { column: 'email', direction: 'desc' },
      cursor,
      filters: { user: '12', status: 'revoked' },
    });
    expect(readListState(url, USERS).q).toBe('other');
  });

  it('leaves out what the list cannot use: an unknown sort, a cursor of another sort or a mangled one, a bad filter', () => {
    const idCursor = cursorOf({ column: 'id', direction: 'asc' });
    expect(readListState(params(`sort=password&cursor=${idCursor}`), USERS)).toMatchObject({
      sort: { column: 'id', direction: 'asc' },
      cursor: idCursor,
    });
    expect(readListState(params(`sort=email&cursor=${idCursor}`), USERS).cursor).toBeUndefined();
    expect(readListState(params('cursor=not-a-cursor'), USERS).cursor).toBeUndefined();
    expect(readListState(params('cursor=%7B%7D'), USERS).cursor).toBeUndefined();
    const textValue = encodeCursor(
      { column: 'id', direction: 'asc' },
      { key: { value: 'x', id: 1 }, direction: 'after' },
    );
    expect(readListState(params(`cursor=${textValue}`), USERS).cursor).toBeUndefined();
    expect(readListState(params('devices.user=0&devices.status=lost'), DEVICES).filters).toEqual({});
  });

  it('cuts a long search to what the server takes', () => {
    const q = 'a'.repeat(PAGE_LIMITS.searchMax + 20);
    expect(readListState(params(`q=${q}`), USERS).q).toHaveLength(PAGE_LIMITS.searchMax);
  });
});

describe('writeListState', () => {
  const on = (text: string, change: Parameters<typeof writeListState<UserColumn>>[2]) =>
    writeListState(params(text), USERS, change).toString();

  it('a new search, sort or filter goes back to the first page', () => {
    const cursor = cursorOf({ column: 'id', direction: 'asc' });
    expect(on(`cursor=${cursor}`, { q: ' pit ' })).toBe('q=pit');
    expect(on(`q=pit&cursor=${cursor}`, { sort: byEmail })).toBe('q=pit&sort=email');
    expect(
      writeListState(params(`devices.cursor=${cursorOf({ column: 'id', direction: 'desc' })}`), DEVICES, {
        filters: { status: 'active' },
      }).toString(),
    ).toBe('devices.status=active');
  });

  it('the same search (as trimmed) keeps the page', () => {
    const cursor = cursorOf({ column: 'id', direction: 'asc' });
    expect(on(`q=pit&cursor=${cursor}`, { q: 'pit ' })).toBe(`q=pit&cursor=${cursor}`);
  });

  it('another page keeps the search and sort; null is the first page', () => {
    const cursor = cursorOf(byEmail);
    expect(on('q=pit&sort=email', { cursor })).toBe(`q=pit&sort=email&cursor=${cursor}`);
    expect(on(`q=pit&sort=email&cursor=${cursor}`, { cursor: null })).toBe('q=pit&sort=email');
  });

  it('leaves the default sort and empty values out of the URL', () => {
    expect(on('sort=email', { sort: { column: 'id', direction: 'asc' } })).toBe('');
    expect(on('q=pit', { q: '  ' })).toBe('');
    expect(
      writeListState(params('devices.user=4'), DEVICES, { filters: { user: undefined } }).toString(),
    ).toBe('');
  });

  it("drops the list's dependents when it changes, and keeps them when nothing changes", () => {
    expect(on('details=4&ledger.q=x&ledger.sort=delta&other=1', { q: 'a' })).toBe('other=1&q=a');
    expect(on('q=a&details=4&ledger.q=x', { q: 'a' })).toBe('q=a&details=4&ledger.q=x');
  });

  it("never touches another list's keys", () => {
    const next = writeListState(params('q=users&devices.q=old'), DEVICES, { q: 'new', sort: byEmail });
    expect(next.toString()).toBe('q=users&devices.q=new&devices.sort=email');
  });

  it('reads back what it wrote (any search, sort and page)', () => {
    const columns = Object.keys(USERS_PAGE.columns) as UserColumn[];
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(...columns),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.integer({ min: 1, max: 1_000_000 }),
        (q, column, direction, id) => {
          const sort = { column, direction };
          const searched = writeListState(params(''), USERS, { q, sort });
          const paged = writeListState(searched, USERS, { cursor: cursorOf(sort, id) });
          const state = readListState(paged, USERS);
          expect(state).toEqual({ q: q.trim(), sort, cursor: cursorOf(sort, id), filters: {} });
        },
      ),
    );
  });
});

describe('pageArgs', () => {
  it('always sends sort and limit, the search and cursor when there are some, as the contract reads them', () => {
    expect(pageArgs(readListState(params(''), USERS), USERS)).toEqual({ sort: 'id', limit: 50 });
    const cursor = cursorOf(byEmail);
    const args = pageArgs(readListState(params(`q=pit&sort=email&cursor=${cursor}`), USERS), USERS);
    expect(args).toEqual({ q: 'pit', sort: 'email', limit: 50, cursor });
    expect(UsersQuery.parse({ ...args, limit: String(args.limit) }).page).toMatchObject({
      q: 'pit',
      sort: byEmail,
      limit: 50,
      start: { key: { value: 'u7@x', id: 7 }, direction: 'after' },
    });
  });

  it('a devices page with its filters parses with DevicesPageQuery', () => {
    const state = readListState(params('devices.sort=-id&devices.user=12&devices.status=active'), DEVICES);
    const parsed = DevicesPageQuery.safeParse({
      ...pageArgs(state, DEVICES),
      limit: '20',
      sort: '-device_id',
      user_id: state.filters.user,
      status: state.filters.status,
    });
    expect(parsed.success && [parsed.data.user_id, parsed.data.status]).toEqual([12, 'active']);
  });
});

describe('filter rules', () => {
  it('idFilter takes positive PostgreSQL integers only', () => {
    expect(['1', '2147483647'].map(idFilter)).toEqual(['1', '2147483647']);
    expect(['0', '-1', '1.5', 'x', '2147483648', '01', ''].map(idFilter)).toEqual(Array(7).fill(undefined));
  });

  it('oneOfFilter, textFilter and dayFilter', () => {
    expect(oneOfFilter(['a', 'b'])('b')).toBe('b');
    expect(oneOfFilter(['a', 'b'])('c')).toBeUndefined();
    expect(textFilter(5)('  abcdefg ')).toBe('abcde');
    expect(textFilter(5)('   ')).toBeUndefined();
    expect(dayFilter('2026-05-01')).toBe('2026-05-01');
    expect(dayFilter('2026-5-1')).toBeUndefined();
    expect(dayFilter('2026-13-45')).toBeUndefined();
  });
});

describe('id params', () => {
  it('reads a record id, or null', () => {
    expect(readIdParam(params('user=12'), 'user')).toBe(12);
    expect(readIdParam(params('user=x'), 'user')).toBeNull();
    expect(readIdParam(params(''), 'user')).toBeNull();
  });

  it('writes one, dropping its dependents only when it changes', () => {
    expect(writeIdParam(params('user=3&ledger.q=a&q=x'), 'user', 4, ['ledger.']).toString()).toBe(
      'user=4&q=x',
    );
    expect(writeIdParam(params('user=3&ledger.q=a'), 'user', 3, ['ledger.']).toString()).toBe(
      'user=3&ledger.q=a',
    );
    expect(writeIdParam(params('user=3'), 'user', null).toString()).toBe('');
  });

  it('withoutKeys drops keys and prefixes', () => {
    expect(withoutKeys(params('a=1&ab=2&b.c=3&b.d=4&bc=5'), ['a', 'b.']).toString()).toBe('ab=2&bc=5');
  });
});
