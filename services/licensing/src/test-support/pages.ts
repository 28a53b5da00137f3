import { PAGE_LIMITS, encodeCursor, type PageAnswer, type SortKind } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import type { Response } from 'supertest';
import { expect } from 'vitest';

export type ReadPage<T> = (query: Record<string, string>) => Promise<PageAnswer<T>>;

/**
 * The ids of `rows` in the order a sort asks: by `valueOf`, ties by id, all reversed when descending. The
 * tests' values are ASCII, which the test databases' collation (C) orders as JavaScript does.
 */
export const idsInSortOrder = <R extends { id: number }>(
  rows: R[],
  valueOf: (row: R) => string | number,
  descending: boolean,
): number[] => {
  const sorted = [...rows].sort((a, b) => {
    const [va, vb] = [valueOf(a), valueOf(b)];
    return va === vb ? a.id - b.id : va < vb ? -1 : 1;
  });
  return (descending ? sorted.reverse() : sorted).map((row) => row.id);
};

/** Follows next_cursor (or prev_cursor) from `first` until there is none: the pages in the order visited. */
export const walkPages = async <T>(
  read: ReadPage<T>,
  query: Record<string, string>,
  direction: 'next' | 'prev',
  first: PageAnswer<T>,
): Promise<PageAnswer<T>[]> => {
  const pages = [first];
  for (;;) {
    const last = pages.at(-1)!;
    const cursor = direction === 'next' ? last.next_cursor : last.prev_cursor;
    if (!cursor) return pages;
    pages.push(await read({ ...query, cursor }));
    if (pages.length > 1_000) throw new Error('the cursors do not end');
  }
};

/**
 * Walking Next from the first page visits `expectedIds` once each, in that order, in full pages; the
 * first page has no Previous and the last no Next; walking Previous from the last page gives the same
 * pages back in reverse.
 */
export const expectWalksEveryRowOnce = async <T>(
  read: ReadPage<T>,
  query: Record<string, string> & { limit: string },
  expectedIds: number[],
  idOf: (row: T) => number,
) => {
  const forward = await walkPages(read, query, 'next', await read(query));
  const idsOf = (pages: PageAnswer<T>[]) => pages.map((page) => page.data.map(idOf));
  expect(idsOf(forward).flat(), JSON.stringify(query)).toEqual(expectedIds);
  const limit = Number(query.limit);
  expect(forward.slice(0, -1).every((page) => page.data.length === limit)).toBe(true);
  expect(forward[0]!.prev_cursor).toBeNull();
  expect(forward.at(-1)!.next_cursor).toBeNull();
  const backward = await walkPages(read, query, 'prev', forward.at(-1)!);
  expect(idsOf(backward)).toEqual(idsOf(forward).reverse());
};

const wrongValueOf: Record<SortKind, string | number> = {
  int: 'seven',
  text: 7,
  instant: 'yesterday',
  bool: 'maybe',
};

/**
 * Query strings every page of a list refuses with 400 validation_failed, given one of its sort columns:
 * unknown sorts, limits out of 1..200 or not whole numbers, cursors it never gave, q too long, and any
 * page key given twice.
 */
export const badPageQueries = (column: string, kind: SortKind): [string, string][] => {
  const wrongKindCursor = encodeCursor(
    { column, direction: 'asc' },
    { key: { value: wrongValueOf[kind], id: 1 }, direction: 'after' },
  );
  return [
    ['an unknown sort', 'sort=nope'],
    ['an unknown descending sort', 'sort=-nope'],
    ['a sort with two minus signs', `sort=--${column}`],
    ['limit 0', 'limit=0'],
    ['limit 201', `limit=${PAGE_LIMITS.limitMax + 1}`],
    ['limit abc', 'limit=abc'],
    ['limit -1', 'limit=-1'],
    ['limit 1.5', 'limit=1.5'],
    ['a cursor of characters no cursor has', 'cursor=!!!'],
    ['a cursor that decodes to nothing this list gave', 'cursor=bm90LWEtY3Vyc29y'],
    ['a cursor longer than any cursor', `cursor=${'A'.repeat(PAGE_LIMITS.cursorMax + 1)}`],
    ["a cursor whose value is not of its sort's kind", `sort=${column}&cursor=${wrongKindCursor}`],
    ['q too long', `q=${'x'.repeat(PAGE_LIMITS.searchMax + 1)}`],
    ['q twice', 'q=a&q=b'],
    ['sort twice', `sort=${column}&sort=-${column}`],
    ['limit twice', 'limit=1&limit=2'],
    ['cursor twice', 'cursor=abc&cursor=abd'],
  ];
};

/** A 400 validation_failed in the one error shape. */
export const expectValidationFailed = (res: Response) => {
  expect(res.status, res.text).toBe(400);
  expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
};
