// Keyset pages of the admin lists (contracts' pages.ts) in SQL: what a repository adds to its query to
// answer a PageRequest, and how it turns the rows into a PageAnswer. Rows are ordered by (sort expression,
// id), both in the same direction, so that one B-tree index on (expression, id) serves a page in either
// direction and a page costs the same at any depth.
import {
  PAGE_LIMITS,
  encodeCursor,
  type PageAnswer,
  type PageKey,
  type PageRequest,
  type PageSort,
  type SortKind,
} from '@pitclock/contracts/schemas';
import { and, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** A sortable column of a list: the expression rows are ordered by, and how its values compare. */
export type SortColumn = { expression: SQLWrapper; kind: SortKind };

/** The sortable columns of a list, by their API name (the names of the list's PageSpec). */
export type SortColumns<C extends string> = Record<C, SortColumn>;

/**
 * The value a page's cursor keeps of a row, selected beside it: instants as ISO text with microseconds
 * (PostgreSQL keeps them, and a cursor rounded to milliseconds would skip or repeat rows).
 */
export const sortKeyOf = (column: SortColumn): SQL<string | number | boolean> =>
  column.kind === 'instant'
    ? sql<string>`to_char(${column.expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string | number | boolean>`${column.expression}`;

const castOf: Record<SortKind, SQL> = {
  int: sql.raw('integer'),
  text: sql.raw('text'),
  instant: sql.raw('timestamptz'),
  bool: sql.raw('boolean'),
};

/** The parts of a page's query: its extra condition, its order and how many rows to read (one more than a page). */
export type PageQueryParts = {
  /** The rows beside the cursor's row (undefined on a first page). */
  where: SQL | undefined;
  orderBy: SQL[];
  /** A page and one row more: that row says whether another page follows. */
  limit: number;
  /** Select it as `sortKey` beside each row (the cursor's value). */
  sortKey: SQL<string | number | boolean>;
  /** Whether the rows come in the reverse of the page's order (a Previous page): pageFromRows turns them. */
  reversed: boolean;
};

/**
 * The condition, order and limit of the page `request` asks for. A Previous page reads backwards from its
 * cursor (the reverse order, the rows before it) and pageFromRows puts its rows back in order.
 */
export const pageQueryParts = <C extends string>(
  request: PageRequest<C>,
  columns: SortColumns<C>,
  id: SQLWrapper,
): PageQueryParts => {
  const column = columns[request.sort.column];
  const reversed = request.start?.direction === 'before';
  const ascending = (request.sort.direction === 'asc') !== reversed;
  const order = sql.raw(ascending ? 'asc' : 'desc');
  let where: SQL | undefined;
  if (request.start) {
    const { value, id: keyId } = request.start.key;
    const compare = sql.raw(ascending ? '>' : '<');
    where = sql`(${column.expression}, ${id}) ${compare} (cast(${value} as ${castOf[column.kind]}), cast(${keyId} as integer))`;
  }
  return {
    where,
    orderBy: [sql`${column.expression} ${order}`, sql`${id} ${order}`],
    limit: request.limit + 1,
    sortKey: sortKeyOf(column),
    reversed,
  };
};

/** A row as a page query reads it: the row, its id and its sort key (select sortKey as parts.sortKey). */
export type KeyedRow<T> = { row: T; id: number; sortKey: string | number | boolean };

export type PageTotal = { total: number; total_exact: boolean };

export type ReadPageOptions<C extends string, T> = {
  request: PageRequest<C>;
  columns: SortColumns<C>;
  /** The list's id column: ties on the sort value are broken by it. */
  id: SQLWrapper;
  /** Reads the rows of a page query: the list's own conditions and parts.where, parts.orderBy, parts.limit. */
  rows: (parts: PageQueryParts) => Promise<KeyedRow<T>[]>;
  /** Counts the rows that match the list's own conditions (countUpTo). */
  count: () => Promise<PageTotal>;
};

/**
 * The page `request` asks for, with the cursors of the pages beside it. A Previous page that reaches the
 * list's start is answered as the first page (so it is full, and has no Previous).
 */
export const readPage = async <C extends string, T>({
  request,
  columns,
  id,
  rows,
  count,
}: ReadPageOptions<C, T>): Promise<PageAnswer<T>> => {
  const [read, total] = await Promise.all([rows(pageQueryParts(request, columns, id)), count()]);
  if (request.start?.direction === 'before' && read.length <= request.limit) {
    const first = { ...request, start: undefined };
    return pageFromRows(first, await rows(pageQueryParts(first, columns, id)), total);
  }
  return pageFromRows(request, read, total);
};

/** The page of `rows` (read with pageQueryParts' order and limit): at most request.limit rows in the sort's order and the cursors beside them. */
const pageFromRows = <T>(request: PageRequest, rows: KeyedRow<T>[], total: PageTotal): PageAnswer<T> => {
  const backward = request.start?.direction === 'before';
  const more = rows.length > request.limit;
  const read = rows.slice(0, request.limit);
  const inOrder = backward ? read.reverse() : read;
  const keyOf = (row: KeyedRow<T>): PageKey => ({ value: row.sortKey, id: row.id });
  const first = inOrder[0];
  const last = inOrder.at(-1);
  // Forward: another page follows when a row more was read; one precedes when the page began at a cursor.
  // Backward: the reverse.
  const hasNext = backward ? true : more;
  const hasPrev = backward ? more : request.start !== undefined;
  return {
    data: inOrder.map((row) => row.row),
    ...total,
    next_cursor: hasNext && last ? cursorOf(request.sort, keyOf(last), 'after') : null,
    prev_cursor: hasPrev && first ? cursorOf(request.sort, keyOf(first), 'before') : null,
  };
};

const cursorOf = (sort: PageSort, key: PageKey, direction: 'after' | 'before') =>
  encodeCursor(sort, { key, direction });

/**
 * How many rows `matching` (a query of the matching rows, e.g. `db.select({ one: sql`1` }).from(t).where(w)`)
 * holds, counted up to `cap` (PAGE_LIMITS.totalCap): beyond it, the cap and total_exact false.
 */
export const countUpTo = async (
  db: Db,
  matching: SQLWrapper,
  cap: number = PAGE_LIMITS.totalCap,
): Promise<PageTotal> => {
  // The matching rows are a materialized CTE, which PostgreSQL plans for reading them all (so a search
  // takes its trigram index) and runs only as far as the LIMIT reads. Under a plain `limit cap + 1`, once
  // more rows than the cap seem to match, a table scan stopping early looks cheaper, but it runs ILIKE on
  // every row it passes: 15,000 devices read for 1,001 'pixel' matches, 13 ms instead of 5 ms.
  const result = await db.execute<{ n: number }>(
    sql`with matching as materialized (${matching}) select count(*)::int as n from (select 1 from matching limit ${cap + 1}) as counted`,
  );
  const n = Number(result.rows[0]?.n ?? 0);
  return { total: Math.min(n, cap), total_exact: n <= cap };
};

/** A page with each row as the API shows it. */
export const mapPage = <Row, Answer>(
  page: PageAnswer<Row>,
  view: (row: Row) => Answer,
): PageAnswer<Answer> => ({
  ...page,
  data: page.data.map(view),
});

/** A LIKE pattern that finds `text` anywhere: its own %, _ and \ match themselves. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

type TableWithId = PgTable & { id: PgColumn };

/**
 * A page (readPage) of the rows of `table` that match `where`, under the request's sort among `columns`,
 * ties broken by the table's id: each row whole, or only `fields` (e.g. never a password hash), typed Row.
 */
export const readTablePage = <T extends TableWithId, C extends string, Row = T['$inferSelect']>(
  db: Db,
  table: T,
  {
    request,
    columns,
    where,
    fields,
  }: {
    request: PageRequest<C>;
    columns: SortColumns<C>;
    where: SQL | undefined;
    fields?: Record<string, PgColumn | SQL>;
  },
): Promise<PageAnswer<Row>> =>
  readPage({
    request,
    columns,
    id: table.id,
    rows: async (parts): Promise<KeyedRow<Row>[]> => {
      const selected = fields ?? (getTableColumns(table) as Record<string, PgColumn>);
      const rows = (await db
        .select({ ...selected, [SORT_KEY]: parts.sortKey })
        .from(table as PgTable)
        .where(and(where, parts.where))
        .orderBy(...parts.orderBy)
        .limit(parts.limit)) as ({ id: number } & { [SORT_KEY]: string | number | boolean })[];
      return rows.map(({ [SORT_KEY]: sortKey, ...row }) => ({ row: row as Row, id: row.id, sortKey }));
    },
    count: () =>
      countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(table as PgTable)
          .where(where),
        totalCapOf(request),
      ),
  });

/** How far a page's total is counted: less far under a search, whose matches are scattered. */
export const totalCapOf = (request: PageRequest): number =>
  request.q === undefined ? PAGE_LIMITS.totalCap : PAGE_LIMITS.searchTotalCap;

/** The name a page query selects a row's sort key under (no table has such a column). */
const SORT_KEY = '__page_sort_key';
