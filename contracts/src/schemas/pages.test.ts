import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAGE_LIMITS,
  asksForPage,
  decodeCursor,
  definePage,
  encodeCursor,
  idListParam,
  pageQuery,
  type PageStart,
} from './pages';

const SPEC = definePage({
  columns: { id: 'int', email: 'text', created_at: 'instant', is_admin: 'bool' },
  defaultSort: '-created_at',
});
const Query = pageQuery(SPEC);

const issuesOf = (query: Record<string, unknown>) => {
  const result = Query.safeParse(query);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
};

describe('page queries', () => {
  it('without page keys a request asks for the old list; with any of them, or a list filter, for a page', () => {
    expect(asksForPage({})).toBe(false);
    expect(asksForPage({ email: 'a' })).toBe(false);
    for (const key of ['q', 'sort', 'limit', 'cursor']) expect(asksForPage({ [key]: '' })).toBe(true);
    expect(asksForPage({ limit: '10', before: '5' }, ['limit'])).toBe(false);
    expect(asksForPage({ limit: '10', sort: 'id' }, ['limit'])).toBe(true);
  });

  it('defaults: the spec sort, PAGE_LIMITS.limitDefault rows, from the start; blank values count as not given', () => {
    const expected = { sort: { column: 'created_at', direction: 'desc' }, limit: PAGE_LIMITS.limitDefault };
    expect(Query.parse({})).toEqual(expected);
    expect(Query.parse({ q: '   ', sort: '', limit: '', cursor: '' })).toEqual(expected);
    expect(Query.parse({ q: '  Ann ', sort: 'email', limit: '7' })).toEqual({
      q: 'Ann',
      sort: { column: 'email', direction: 'asc' },
      limit: 7,
    });
  });

  it.each([
    [{ sort: 'password_hash' }, 'sort'],
    [{ sort: '--id' }, 'sort'],
    [{ sort: '-' }, 'sort'],
    [{ sort: 'constructor' }, 'sort'],
    [{ sort: ['id', 'email'] }, 'sort'],
    [{ limit: '0' }, 'limit'],
    [{ limit: String(PAGE_LIMITS.limitMax + 1) }, 'limit'],
    [{ limit: '1.5' }, 'limit'],
    [{ limit: '-1' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ q: 'x'.repeat(PAGE_LIMITS.searchMax + 1) }, 'q'],
    [{ q: ['a', 'b'] }, 'q'],
    [{ cursor: 'not base64!' }, 'cursor'],
    [{ cursor: 'x'.repeat(PAGE_LIMITS.cursorMax + 1) }, 'cursor'],
    [{ cursor: 'e30' }, 'cursor'],
  ])('%j is refused on %s', (query, key) => {
    expect(issuesOf(query).map((issue) => issue.path[0])).toContain(key);
  });

  it('a cursor is read back under its own sort and refused under another sort or with a value of the wrong kind', () => {
    const start: PageStart = { key: { value: '2026-01-02T03:04:05.123456Z', id: 9 }, direction: 'before' };
    const cursor = encodeCursor({ column: 'created_at', direction: 'desc' }, start);
    expect(Query.parse({ cursor })).toMatchObject({ start });
    expect(issuesOf({ cursor, sort: 'created_at' })).toEqual([
      { path: ['cursor'], message: 'cursor belongs to another sort: ask for the first page again' },
    ]);
    const wrongKind = encodeCursor(
      { column: 'created_at', direction: 'desc' },
      { key: { value: 5, id: 9 }, direction: 'after' },
    );
    expect(issuesOf({ cursor: wrongKind })).toEqual([
      { path: ['cursor'], message: 'cursor is not one this list gave' },
    ]);
  });

  it('any cursor encodeCursor makes decodes to what it was made of', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('id', '-id', 'email', '-created_at'),
        fc.oneof(fc.string(), fc.integer(), fc.boolean()),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        fc.constantFrom<'after' | 'before'>('after', 'before'),
        (sortText, value, id, direction) => {
          const sort = sortText.startsWith('-')
            ? { column: sortText.slice(1), direction: 'desc' as const }
            : { column: sortText, direction: 'asc' as const };
          const cursor = encodeCursor(sort, { key: { value, id }, direction });
          expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(decodeCursor(cursor)).toEqual({ sort: sortText, start: { key: { value, id }, direction } });
        },
      ),
    );
  });

  it('no string decodes to a cursor unless encodeCursor could have made it, and none throws', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const decoded = decodeCursor(text);
        if (decoded)
          expect(encodeCursor({ column: 'x', direction: 'asc' }, decoded.start)).toBeTypeOf('string');
        expect(() => Query.safeParse({ cursor: text })).not.toThrow();
      }),
    );
  });

  it('an id list is whole positive ids, deduplicated, at most the maximum', () => {
    const ids = idListParam(3);
    expect(ids.parse('3,1,3')).toEqual([3, 1]);
    expect(ids.parse('')).toBeUndefined();
    for (const bad of ['0', '1,,2', '1,a', ' 1', '1,2,3,4', '99999999999', '2147483648'])
      expect(ids.safeParse(bad).success, bad).toBe(false);
  });
});
