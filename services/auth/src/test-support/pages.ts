import { PAGE_LIMITS, pageAnswer, type PageAnswer } from '@pitclock/contracts/schemas';
import { errorBodySchema } from '@pitclock/kit';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import type { z } from 'zod';

/** A page as a list answers it, its rows checked by `item`. */
export const pageFrom = <T extends z.ZodType>(res: Response, item: T): PageAnswer<z.infer<T>> => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pageAnswer(item).parse(res.body) as PageAnswer<z.infer<T>>;
};

/**
 * Every page from `first` on, following next_cursor (or prev_cursor), each read with `pageAt(cursor)`.
 * Fails when the cursors do not end.
 */
export const walkPages = async <T>(
  first: PageAnswer<T>,
  direction: 'next' | 'prev',
  pageAt: (cursor: string) => Promise<PageAnswer<T>>,
): Promise<PageAnswer<T>[]> => {
  const pages = [first];
  for (let page = first; ;) {
    const cursor = direction === 'next' ? page.next_cursor : page.prev_cursor;
    if (!cursor) return pages;
    page = await pageAt(cursor);
    pages.push(page);
    if (pages.length > 1_000) throw new Error('the cursors do not end');
  }
};

/**
 * Walks Next from `first` to the last page, then Previous back to the first: answers the ids of the forward
 * walk, and checks that the backward walk saw the same pages in reverse and that the ends have no cursor.
 */
export const idsWalkedBothWays = async <T extends { id: number }>(
  first: PageAnswer<T>,
  pageAt: (cursor: string) => Promise<PageAnswer<T>>,
): Promise<number[]> => {
  const idsOf = (pages: PageAnswer<T>[]) => pages.map((page) => page.data.map((row) => row.id));
  const forward = await walkPages(first, 'next', pageAt);
  expect(forward[0]!.prev_cursor).toBeNull();
  expect(forward.at(-1)!.next_cursor).toBeNull();
  const backward = await walkPages(forward.at(-1)!, 'prev', pageAt);
  expect(idsOf(backward)).toEqual(idsOf(forward).reverse());
  return idsOf(forward).flat();
};

/** A 400 validation_failed with the error shape, with an issue on `path` (or inside it) when given. */
export const expectInvalid = (res: Response, path?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const body = errorBodySchema.parse(res.body);
  expect(body.error).toBe('validation_failed');
  if (path !== undefined) {
    const paths = (body.details as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(
      paths.some((named) => named === path || named.startsWith(`${path}.`)),
      paths.join(),
    ).toBe(true);
  }
};

/**
 * Query strings with a bad value of a page key, which every list refuses (400), and the key each names.
 * `validSort` is one of the list's sorts.
 */
export const badPageQueries = (validSort: string): [string, string, string][] => [
  ['an unknown sort', 'sort=password_hash', 'sort'],
  ['an unknown descending sort', 'sort=-nope', 'sort'],
  ['sort= twice', `sort=${validSort}&sort=${validSort}`, 'sort'],
  ['limit 0', 'limit=0', 'limit'],
  [`limit ${PAGE_LIMITS.limitMax + 1}`, `limit=${PAGE_LIMITS.limitMax + 1}`, 'limit'],
  ['limit abc', 'limit=abc', 'limit'],
  ['limit 1.5', 'limit=1.5', 'limit'],
  ['limit -1', 'limit=-1', 'limit'],
  ['limit of 20 digits', 'limit=99999999999999999999', 'limit'],
  ['limit= twice', 'limit=5&limit=6', 'limit'],
  ['a garbage cursor', 'cursor=not%20a%20cursor!', 'cursor'],
  ['a cursor that is base64 of no cursor', 'cursor=bm90LWEtY3Vyc29y', 'cursor'],
  ['a cursor too long', `cursor=${'a'.repeat(PAGE_LIMITS.cursorMax + 1)}`, 'cursor'],
  ['cursor= twice', 'cursor=abc&cursor=def', 'cursor'],
  [`q of ${PAGE_LIMITS.searchMax + 1} characters`, `q=${'q'.repeat(PAGE_LIMITS.searchMax + 1)}`, 'q'],
  ['q= twice', 'q=a&q=b', 'q'],
];
