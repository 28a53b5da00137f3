// The test backends' pages must behave as the services' (services/kit/src/pages.ts): these are the
// properties kit's own tests check on PostgreSQL.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { USERS_PAGE, UsersQuery, type PageAnswer } from '@pitclock/contracts/schemas';
import { pageOf } from './page-backend.test-support';

type Row = { id: number; email: string; is_admin: boolean; created_at: string };

const request = (query: Record<string, string>) => UsersQuery.parse(query).page;

function pageFor(rows: Row[], query: Record<string, string>, cap?: number): PageAnswer<Row> {
  return pageOf({
    rows,
    request: request(query),
    spec: USERS_PAGE,
    valueOf: (row, column) => (column === 'name' ? null : row[column]),
    idOf: (row) => row.id,
    cap,
  });
}

const rowsArb = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    email: fc.constantFrom('a@x', 'B@x', 'b@x', 'c@x'),
    is_admin: fc.boolean(),
    created_at: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
  }),
  { selector: (row) => row.id, maxLength: 30 },
);
const sortArb = fc.constantFrom('id', '-id', 'email', '-email', 'is_admin', '-created_at');

describe('pageOf', () => {
  it('Next walks every row once in the sort order, and Previous walks back the same pages', () => {
    fc.assert(
      fc.property(rowsArb, sortArb, fc.integer({ min: 1, max: 7 }), (rows, sort, limit) => {
        const pages: PageAnswer<Row>[] = [pageFor(rows, { sort, limit: String(limit) })];
        while (pages.at(-1)?.next_cursor) {
          pages.push(pageFor(rows, { sort, limit: String(limit), cursor: pages.at(-1)!.next_cursor! }));
        }
        const seen = pages.flatMap((page) => page.data.map((row) => row.id));
        expect([...seen].sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
        expect(pages[0]?.prev_cursor).toBeNull();
        for (let index = pages.length - 1; index > 0; index -= 1) {
          const back = pageFor(rows, { sort, limit: String(limit), cursor: pages[index]!.prev_cursor! });
          expect(back.data).toEqual(pages[index - 1]!.data);
        }
      }),
    );
  });

  it('sorts text in any case, ties by id', () => {
    const rows: Row[] = [
      { id: 3, email: 'b@x', is_admin: false, created_at: '2026-01-01T00:00:00.000Z' },
      { id: 1, email: 'B@x', is_admin: false, created_at: '2026-01-01T00:00:00.000Z' },
      { id: 2, email: 'a@x', is_admin: false, created_at: '2026-01-01T00:00:00.000Z' },
    ];
    expect(pageFor(rows, { sort: 'email' }).data.map((row) => row.id)).toEqual([2, 1, 3]);
    expect(pageFor(rows, { sort: '-email' }).data.map((row) => row.id)).toEqual([3, 1, 2]);
  });

  it('counts up to the cap', () => {
    const rows = Array.from({ length: 5 }, (_, index) => ({
      id: index + 1,
      email: 'a@x',
      is_admin: false,
      created_at: '2026-01-01T00:00:00.000Z',
    }));
    expect(pageFor(rows, { limit: '2' }, 3)).toMatchObject({ total: 3, total_exact: false });
    expect(pageFor(rows, { limit: '2' }, 5)).toMatchObject({ total: 5, total_exact: true });
  });
});
