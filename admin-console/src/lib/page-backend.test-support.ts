// Test-only: the admin lists' keyset pages in memory, as services/kit's readPage makes them in SQL, for
// the test backends of the screens. Rows are ordered by (sort value, id), both the sort's way; a cursor
// (contracts' encodeCursor) holds the sort value and id of the row a page starts beside; a Previous page
// that reaches the start is answered as the first page; totals stop counting at the cap.
import {
  PAGE_LIMITS,
  encodeCursor,
  type PageAnswer,
  type PageKey,
  type PageRequest,
  type PageSpec,
} from '@pitclock/contracts/schemas';

type SortValue = string | number | boolean;

export type PageOfOptions<Row, C extends string> = {
  /** The rows that match the request's search and filters, in any order. */
  rows: readonly Row[];
  /** The request, parsed with the list's contract schema (so a bad query was already a 400). */
  request: PageRequest<C>;
  spec: PageSpec<C>;
  /** A row's value in a sortable column, before the services' sort expression (lower-casing) applies. */
  valueOf: (row: Row, column: C) => SortValue | null;
  idOf: (row: Row) => number;
  /** totalCap of PAGE_LIMITS unless a test wants a small one. */
  cap?: number;
};

/** The value the services sort a column by: text lower-cased, a missing text as '' (coalesce(lower(col), '')). */
function sortValue(kind: PageSpec<string>['columns'][string], value: SortValue | null): SortValue {
  if (kind === 'text') return typeof value === 'string' ? value.toLowerCase() : '';
  return value ?? '';
}

function compareValues(kind: PageSpec<string>['columns'][string], a: SortValue, b: SortValue): number {
  if (kind === 'instant') return Date.parse(String(a)) - Date.parse(String(b));
  if (kind === 'int') return Number(a) - Number(b);
  if (kind === 'bool') return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The page `request` asks for of `rows`, with the cursors beside it (see services/kit/src/pages.ts). */
export function pageOf<Row, C extends string>(options: PageOfOptions<Row, C>): PageAnswer<Row> {
  const { rows, request, spec, valueOf, idOf, cap = PAGE_LIMITS.totalCap } = options;
  const kind = spec.columns[request.sort.column];
  const keyOf = (row: Row): PageKey => ({
    value: sortValue(kind, valueOf(row, request.sort.column)),
    id: idOf(row),
  });
  const compareKeys = (a: PageKey, b: PageKey) => compareValues(kind, a.value, b.value) || a.id - b.id;

  const read = (start: PageRequest<C>['start']) => {
    const backward = start?.direction === 'before';
    const ascending = (request.sort.direction === 'asc') !== backward;
    const ordered = [...rows].sort((a, b) => compareKeys(keyOf(a), keyOf(b)) * (ascending ? 1 : -1));
    const beside = start
      ? ordered.filter((row) => compareKeys(keyOf(row), start.key) * (ascending ? 1 : -1) > 0)
      : ordered;
    return beside.slice(0, request.limit + 1);
  };

  let start = request.start;
  let found = read(start);
  if (start?.direction === 'before' && found.length <= request.limit) {
    start = undefined;
    found = read(undefined);
  }
  const backward = start?.direction === 'before';
  const more = found.length > request.limit;
  const page = found.slice(0, request.limit);
  if (backward) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const hasNext = backward ? true : more;
  const hasPrev = backward ? more : start !== undefined;
  return {
    data: page,
    total: Math.min(rows.length, cap),
    total_exact: rows.length <= cap,
    next_cursor:
      hasNext && last ? encodeCursor(request.sort, { key: keyOf(last), direction: 'after' }) : null,
    prev_cursor:
      hasPrev && first ? encodeCursor(request.sort, { key: keyOf(first), direction: 'before' }) : null,
  };
}

/** Whether `text` holds `q` in any case (the services' ILIKE '%q%'); no q matches everything. */
export const contains = (text: string | null | undefined, q: string | undefined): boolean =>
  q === undefined || (text ?? '').toLowerCase().includes(q.toLowerCase());
