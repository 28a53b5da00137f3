// The one page contract of the admin lists (issue 23): users, devices, promo codes, credit ledgers, signup
// events and the audit trail. A request asks for a page with any of q, sort, limit or cursor; the answer is
// { data, total, total_exact, next_cursor, prev_cursor }. A request without them gets the list as SPEC.md
// shows it, so older clients keep working. Pages are keyset pages on (sort column, id): a cursor carries
// the sort it belongs to, the sort value and id of the row the page starts beside, and whether the page
// holds the rows after that row (Next) or before it (Previous).
import { z } from 'zod';
import { PG_INTEGER_MAX } from './stored-values';

export const PAGE_LIMITS = {
  /** Rows of a page when limit is not given. */
  limitDefault: 50,
  limitMax: 200,
  /** Characters of q after trimming. */
  searchMax: 200,
  /**
   * total counts matching rows up to this many; beyond it total is this number and total_exact is false
   * (counting a million rows for every page would cost more than the page).
   */
  totalCap: 10_000,
  /**
   * The cap of total under a search (q): matches of a search are scattered over the table, and counting
   * ten thousand of them reads thousands of table pages.
   */
  searchTotalCap: 1_000,
  cursorMax: 1_000,
} as const;

/** The query keys that ask for a page. */
export const PAGE_QUERY_KEYS = ['q', 'sort', 'limit', 'cursor'] as const;

/**
 * Whether a list request asks for a page (then it is answered as PageAnswer). `legacyKeys` are keys the
 * list already took before pages (signup events' limit), which alone still mean the old answer.
 */
export const asksForPage = (query: Record<string, unknown>, legacyKeys: readonly string[] = []): boolean =>
  PAGE_QUERY_KEYS.some((key) => !legacyKeys.includes(key) && query[key] !== undefined);

/** How a sort column's values are compared, and so how its cursor value is checked. */
export type SortKind = 'int' | 'text' | 'instant' | 'bool';
export type SortDirection = 'asc' | 'desc';
export type PageSort<C extends string = string> = { column: C; direction: SortDirection };
/** A sort as a query says it: the column, with a leading '-' for descending. */
export type SortText<C extends string> = C | `-${C}`;

export const sortText = <C extends string>(sort: PageSort<C>): SortText<C> =>
  sort.direction === 'desc' ? `-${sort.column}` : sort.column;

/** The last row of a page: its sort value and its id (ties on the sort value are broken by id). */
export type PageKey = { value: string | number | boolean; id: number };

/**
 * An instant in a cursor: ISO-8601 UTC with up to microseconds. PostgreSQL keeps microseconds and a
 * cursor rounded to milliseconds would skip or repeat rows; services write it with to_char(..., 'US').
 */
const CURSOR_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;

const keyValueSchemas: Record<SortKind, z.ZodType<PageKey['value']>> = {
  int: z
    .number()
    .int()
    .min(-PG_INTEGER_MAX - 1)
    .max(PG_INTEGER_MAX),
  text: z
    .string()
    .max(2_000)
    .refine((text) => !text.includes('\u0000')),
  instant: z
    .string()
    .regex(CURSOR_INSTANT)
    .refine((text) => !Number.isNaN(Date.parse(text))),

  bool: z.boolean(),
};

const toBase64Url = (text: string): string => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  // btoa pads with at most two '='.
  return btoa(binary)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');
};

const fromBase64Url = (text: string): string | undefined => {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
};

/** Whether a cursor's page holds the rows after its key (Next) or before it (Previous). */
export type PageDirection = 'after' | 'before';

/** Where a page starts: after or before the row with this key, under the request's sort. */
export type PageStart = { key: PageKey; direction: PageDirection };

/** The cursor of the page after (or before) the row `key` under `sort`: opaque to clients (base64url JSON). */
export const encodeCursor = (sort: PageSort, start: PageStart): string =>
  toBase64Url(JSON.stringify([sortText(sort), start.key.value, start.key.id, start.direction]));

/** A cursor's sort and start, or undefined when it is not one encodeCursor made. */
export const decodeCursor = (cursor: string): { sort: string; start: PageStart } | undefined => {
  const json = fromBase64Url(cursor);
  if (json === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
  const [sort, value, id, direction] = parsed as unknown[];
  if (
    typeof sort !== 'string' ||
    !Number.isInteger(id) ||
    (id as number) < 1 ||
    (id as number) > PG_INTEGER_MAX
  )
    return undefined;
  if (direction !== 'after' && direction !== 'before') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  return { sort, start: { key: { value, id: id as number }, direction } };
};

/** A list's sortable columns (by their API name) and the sort used when none is asked for. */
export type PageSpec<C extends string> = {
  columns: Record<C, SortKind>;
  defaultSort: SortText<C>;
};

/** What a page request means, once parsed: q trimmed (absent when blank), the sort, limit, and where it starts (the first page when absent). */
export type PageRequest<C extends string = string> = {
  q?: string;
  sort: PageSort<C>;
  limit: number;
  start?: PageStart;
};

const PAGE_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${PAGE_LIMITS.limitMax}`,
  cursor: 'cursor is not one this list gave',
  cursorSort: 'cursor belongs to another sort: ask for the first page again',
  search: `q must be at most ${PAGE_LIMITS.searchMax} characters`,
} as const;

const parseSort = <C extends string>(spec: PageSpec<C>, text: string): PageSort<C> | undefined => {
  const direction: SortDirection = text.startsWith('-') ? 'desc' : 'asc';
  const column = direction === 'desc' ? text.slice(1) : text;
  return Object.hasOwn(spec.columns, column) ? { column: column as C, direction } : undefined;
};

/**
 * The page part of a list's query: q, sort (a column of spec, '-' for descending), limit (1 to
 * PAGE_LIMITS.limitMax) and cursor (from the previous page's next_cursor, under the same sort). Blank
 * values mean "not given". Every bad value is a zod issue on its key, so the answer is a 400 that names it.
 */
export const pageQueryShape = <C extends string>(spec: PageSpec<C>) => {
  const sortNames = Object.keys(spec.columns).flatMap((column) => [column, `-${column}`]);
  return {
    q: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z.string().max(PAGE_LIMITS.searchMax, PAGE_MESSAGES.search).optional(),
    ),
    sort: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .default(spec.defaultSort)
        .transform((text, ctx) => {
          const sort = parseSort(spec, text);
          if (sort) return sort;
          ctx.addIssue({ code: 'custom', message: `sort must be one of: ${sortNames.join(', ')}` });
          return z.NEVER;
        }),
    ),
    limit: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^\d{1,4}$/, PAGE_MESSAGES.limit)
        .transform(Number)
        .pipe(z.number().int().min(1, PAGE_MESSAGES.limit).max(PAGE_LIMITS.limitMax, PAGE_MESSAGES.limit))
        .default(PAGE_LIMITS.limitDefault),
    ),
    cursor: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .max(PAGE_LIMITS.cursorMax, PAGE_MESSAGES.cursor)
        .regex(/^[A-Za-z0-9_-]+$/, PAGE_MESSAGES.cursor)
        .optional(),
    ),
  };
};

type PageFields<C extends string> = {
  q?: string | undefined;
  sort: PageSort<C>;
  limit: number;
  cursor?: string | undefined;
};

/**
 * Checks the cursor against the sort and the column's kind (a zod superRefine step) and turns the fields
 * into a PageRequest. Use it on an object built with pageQueryShape.
 */
export const toPageRequest = <C extends string>(
  spec: PageSpec<C>,
  fields: PageFields<C>,
  ctx: z.RefinementCtx,
): PageRequest<C> => {
  const request: PageRequest<C> = { sort: fields.sort, limit: fields.limit };
  if (fields.q !== undefined) request.q = fields.q;
  if (fields.cursor === undefined) return request;
  const decoded = decodeCursor(fields.cursor);
  const kind = spec.columns[fields.sort.column];
  if (!decoded || !keyValueSchemas[kind].safeParse(decoded.start.key.value).success) {
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: PAGE_MESSAGES.cursor });
    return request;
  }
  if (decoded.sort !== sortText(fields.sort)) {
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: PAGE_MESSAGES.cursorSort });
    return request;
  }
  request.start = decoded.start;
  return request;
};

/** A list's page query with nothing else in it: { page: PageRequest }. */
export const pageQuery = <C extends string>(spec: PageSpec<C>) =>
  z.object(pageQueryShape(spec)).transform((fields, ctx) => toPageRequest(spec, fields, ctx));

/** A page of a list: its rows, how many rows match (see PAGE_LIMITS.totalCap), and the cursors of the pages beside it. */
export const pageAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    /** Rows that match q and the filters, at most PAGE_LIMITS.totalCap (searchTotalCap under a q). */
    total: z.number().int().nonnegative(),
    /** false when more rows than the cap match (total is then the cap). */
    total_exact: z.boolean(),
    /** null on the last page. */
    next_cursor: z.string().nullable(),
    /** null on the first page. */
    prev_cursor: z.string().nullable(),
  });

export type PageAnswer<T> = {
  data: T[];
  total: number;
  total_exact: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
};

/** A list's page spec, typed by its columns (so defaultSort must name one of them). */
export const definePage = <C extends string>(spec: {
  columns: Record<C, SortKind>;
  defaultSort: SortText<NoInfer<C>>;
}): PageSpec<C> => spec;

const idListText = 'must be a comma-separated list of ids';

/** A query's list of record ids ('3,1,2'): at most `max` positive PostgreSQL integers, duplicates dropped. */
export const idListParam = (max: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .max(max * 11, { error: idListText, abort: true })
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: idListText, abort: true })
      .transform((value) => value.split(',').map(Number))
      .pipe(z.array(z.number().max(PG_INTEGER_MAX, idListText)).max(max, idListText))
      .transform((ids) => [...new Set(ids)])
      .optional(),
  );
