import {
  decodeCursor,
  definePage,
  encodeCursor,
  pageQuery,
  type PageAnswer,
} from '@pitclock/contracts/schemas';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database';
import { containsPattern, countUpTo, readPage, type KeyedRow, type SortColumns } from './pages';
import { createTestDatabase, type TestDatabase } from './testing';

// A list of items with a value of each sort kind, ties and microseconds included.
const ITEMS_PAGE = definePage({
  columns: { id: 'int', name: 'text', score: 'int', at: 'instant', flag: 'bool' },
  defaultSort: 'id',
});
type Column = keyof typeof ITEMS_PAGE.columns;
const ItemsQuery = pageQuery(ITEMS_PAGE);

const columns: SortColumns<Column> = {
  id: { expression: sql`id`, kind: 'int' },
  name: { expression: sql`lower(name)`, kind: 'text' },
  score: { expression: sql`score`, kind: 'int' },
  at: { expression: sql`at`, kind: 'instant' },
  flag: { expression: sql`flag`, kind: 'bool' },
};

type Item = { id: number; name: string; score: number; at: string; flag: boolean };

describe('keyset pages on PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: Database;
  let items: Item[];

  const listPage = async (query: Record<string, string>): Promise<PageAnswer<Item>> => {
    const request = ItemsQuery.parse(query);
    const search: SQL | undefined =
      request.q === undefined ? undefined : sql`name ilike ${containsPattern(request.q)}`;
    const where = (extra?: SQL) => {
      const conditions = [search, extra].filter((c): c is SQL => c !== undefined);
      return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    };
    return readPage({
      request,
      columns,
      id: sql`id`,
      rows: async (parts) => {
        const result = await database.db.execute<Item & { sort_key: string | number | boolean }>(
          sql`select id, name, score, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, flag,
                ${parts.sortKey} as sort_key
              from page_items ${where(parts.where)}
              order by ${sql.join(parts.orderBy, sql`, `)} limit ${parts.limit}`,
        );
        return result.rows.map(({ sort_key, ...row }): KeyedRow<Item> => ({
          row,
          id: row.id,
          sortKey: sort_key,
        }));
      },
      count: () => countUpTo(database.db, sql`select 1 from page_items ${where()}`, 25),
    });
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = createDatabase(testDb.url);
    await database.db.execute(
      sql`create table page_items (id serial primary key, name text not null, score integer not null, at timestamptz not null, flag boolean not null)`,
    );
    // Few distinct values, so that many rows tie on the sort column; instants a microsecond apart.
    const names = ['alpha', 'Beta', 'beta', 'gamma', '100%_x', 'Ölig'];
    const rows = Array.from({ length: 37 }, (_, i) => ({
      name: names[i % names.length]!,
      score: (i * 7) % 5,
      at: `2026-01-01T00:00:00.00000${i % 3}Z`,
      flag: i % 4 === 0,
    }));
    for (const row of rows) {
      await database.db.execute(
        sql`insert into page_items (name, score, at, flag) values (${row.name}, ${row.score}, ${row.at}, ${row.flag})`,
      );
    }
    const all = await database.db.execute<Item>(
      sql`select id, name, score, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, flag from page_items`,
    );
    items = all.rows;
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  /** The ids in the order the sort asks: by the column's value, then by id, both in its direction. */
  const expectedIds = (column: Column, descending: boolean, q?: string) => {
    const value = (item: Item) => (column === 'name' ? item.name.toLowerCase() : item[column]);
    const matching = items.filter(
      (item) => q === undefined || item.name.toLowerCase().includes(q.toLowerCase()),
    );
    const sorted = [...matching].sort((a, b) => {
      const [va, vb] = [value(a), value(b)];
      // PostgreSQL's collation may order text unlike JavaScript; the test reads the order of ids per value.
      const byValue = va === vb ? 0 : va < vb ? -1 : 1;
      return byValue !== 0 ? byValue : a.id - b.id;
    });
    return descending ? sorted.reverse().map((item) => item.id) : sorted.map((item) => item.id);
  };

  const walk = async (query: Record<string, string>, direction: 'next' | 'prev', first: PageAnswer<Item>) => {
    const pages = [first];
    for (let page = first; ;) {
      const cursor = direction === 'next' ? page.next_cursor : page.prev_cursor;
      if (!cursor) break;
      page = await listPage({ ...query, cursor });
      pages.push(page);
      if (pages.length > 100) throw new Error('the cursors do not end');
    }
    return pages;
  };

  it('walking Next from the first page visits every row once, in the sort order, and Previous walks back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Column>('id', 'score', 'at', 'flag'),
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        async (column, descending, limit) => {
          const sort = descending ? `-${column}` : column;
          const query = { sort, limit: String(limit) };
          const forward = await walk(query, 'next', await listPage(query));
          const ids = forward.flatMap((page) => page.data.map((item) => item.id));
          expect(ids).toEqual(expectedIds(column, descending));
          expect(forward.every((page) => page.data.length === limit || page === forward.at(-1))).toBe(true);
          expect(forward[0]!.prev_cursor).toBeNull();
          expect(forward.at(-1)!.next_cursor).toBeNull();
          const backward = await walk(query, 'prev', forward.at(-1)!);
          expect(backward.map((page) => page.data.map((item) => item.id))).toEqual(
            forward.map((page) => page.data.map((item) => item.id)).reverse(),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a text sort ignores case and a search matches %, _ and case as typed', async () => {
    const pages = await walk(
      { sort: 'name', limit: '5' },
      'next',
      await listPage({ sort: 'name', limit: '5' }),
    );
    const names = pages.flatMap((page) => page.data.map((item) => item.name.toLowerCase()));
    expect(names.filter((name) => name === 'beta')).toHaveLength(
      items.filter((i) => i.name.toLowerCase() === 'beta').length,
    );
    const betaRun = names.indexOf('beta');
    expect(names.lastIndexOf('beta') - betaRun + 1).toBe(names.filter((name) => name === 'beta').length);

    const percent = await listPage({ q: '0%_', limit: '50' });
    expect(percent.data.map((item) => item.name)).toEqual(
      items.filter((i) => i.name === '100%_x').map((i) => i.name),
    );
    const none = await listPage({ q: '%', limit: '50' });
    expect(none.data.every((item) => item.name.includes('%'))).toBe(true);
    const upper = await listPage({ q: 'BETA', limit: '50', sort: 'id' });
    expect(upper.data.map((item) => item.id)).toEqual(expectedIds('id', false, 'beta'));
  });

  it('totals count matching rows up to the cap and say when they stop', async () => {
    const all = await listPage({ limit: '3' });
    expect(all).toMatchObject({ total: 25, total_exact: false });
    const some = await listPage({ q: 'gamma', limit: '3' });
    expect(some).toMatchObject({ total: items.filter((i) => i.name === 'gamma').length, total_exact: true });
    const nothing = await listPage({ q: 'zzz', limit: '3' });
    expect(nothing).toEqual({ data: [], total: 0, total_exact: true, next_cursor: null, prev_cursor: null });
  });

  it('a Previous page that reaches the start is the full first page', async () => {
    const first = await listPage({ limit: '10' });
    // Previous from the sixth row: only five rows precede it.
    const key = { value: first.data[5]!.id, id: first.data[5]!.id };
    const back = await listPage({
      limit: '10',
      cursor: encodeCursor({ column: 'id', direction: 'asc' }, { key, direction: 'before' }),
    });
    expect(back.data.map((item) => item.id)).toEqual(first.data.map((item) => item.id));
    expect(back.prev_cursor).toBeNull();
    expect(decodeCursor(back.next_cursor!)?.start.direction).toBe('after');
  });
});
