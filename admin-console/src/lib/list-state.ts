// The state of an admin list in the page's URL (issue 23): its search, sort, page cursor and filters, so
// that a link opens the same page of the same list and Back and Forward walk through what the admin did.
// Pure functions over URLSearchParams; use-list-state.ts binds them to react-router.
import {
  PAGE_LIMITS,
  decodeCursor,
  sortText,
  type PageSort,
  type PageSpec,
  type SortKind,
  type SortText,
} from '@pitclock/contracts/schemas';

/** Reads one filter from the URL: its value, or undefined when the URL's text is not one (it is ignored). */
export type FilterRule = (raw: string) => string | undefined;

export type ListSpec<C extends string, F extends string = never> = {
  /** Put before each of the list's URL keys: '' for a screen's only list, e.g. 'devices.' beside others. */
  prefix: string;
  /** The contract's page spec of the list: its sortable columns. */
  page: PageSpec<C>;
  /** The order the list opens in when the URL names none (default the page spec's). */
  defaultSort?: SortText<C>;
  /** Rows per page (sent as limit). */
  limit: number;
  /** The list's filters besides q, each read with its rule. */
  filters?: Record<F, FilterRule>;
  /**
   * URL keys that belong to the rows shown (a key, or every key starting with a prefix ending in '.'):
   * dropped whenever the list changes, e.g. the expanded user's details and their own lists.
   */
  dependents?: readonly string[];
};

export type ListState<C extends string, F extends string = never> = {
  /** The search, trimmed ('' for none). */
  q: string;
  sort: PageSort<C>;
  /** The page's cursor; undefined on the first page. */
  cursor: string | undefined;
  filters: Partial<Record<F, string>>;
};

export type ListChange<C extends string, F extends string = never> = {
  q?: string;
  sort?: PageSort<C>;
  /** A page's cursor; null for the first page. */
  cursor?: string | null;
  /** Filters to set; '' or undefined removes one. */
  filters?: Partial<Record<F, string | undefined>>;
};

/** The page part of a list request: what the endpoints of every list send (always sort and limit). */
export type PageArgs = { q?: string; sort: string; limit: number; cursor?: string };

export const listKey = (spec: { prefix: string }, name: string): string => `${spec.prefix}${name}`;

const CURSOR_TEXT = /^[A-Za-z0-9_-]+$/;

/** The sort `text` names ('email', '-created_at') if it is one of the spec's, else undefined. */
export function readSort<C extends string>(page: PageSpec<C>, text: string | null): PageSort<C> | undefined {
  if (text === null) return undefined;
  const direction = text.startsWith('-') ? 'desc' : 'asc';
  const column = direction === 'desc' ? text.slice(1) : text;
  return Object.hasOwn(page.columns, column) ? { column: column as C, direction } : undefined;
}

const defaultSortOf = <C extends string>(spec: ListSpec<C, string>): PageSort<C> =>
  readSort(spec.page, spec.defaultSort ?? spec.page.defaultSort) ?? {
    column: Object.keys(spec.page.columns)[0] as C,
    direction: 'asc',
  };

/** A search as the list sends it: trimmed, at most PAGE_LIMITS.searchMax characters. */
export const cleanSearch = (text: string): string => text.trim().slice(0, PAGE_LIMITS.searchMax);

const VALUE_TYPES: Record<SortKind, string> = {
  int: 'number',
  text: 'string',
  instant: 'string',
  bool: 'boolean',
};

/**
 * Whether `cursor` could be one the list gave under `sort`: a cursor of another sort or a mangled one
 * (an old link, a hand-made URL) is dropped rather than sent for a 400.
 */
export function cursorFits<C extends string>(cursor: string, sort: PageSort<C>, page: PageSpec<C>): boolean {
  if (cursor.length > PAGE_LIMITS.cursorMax || !CURSOR_TEXT.test(cursor)) return false;
  const decoded = decodeCursor(cursor);
  if (decoded?.sort !== sortText(sort)) return false;
  return typeof decoded.start.key.value === VALUE_TYPES[page.columns[sort.column]];
}

/** The list's state in `params`; anything the URL says that the list cannot use is left out. */
export function readListState<C extends string, F extends string = never>(
  params: URLSearchParams,
  spec: ListSpec<C, F>,
): ListState<C, F> {
  const sort = readSort(spec.page, params.get(listKey(spec, 'sort'))) ?? defaultSortOf(spec);
  const cursor = params.get(listKey(spec, 'cursor'));
  const filters: Partial<Record<F, string>> = {};
  for (const [name, rule] of Object.entries(spec.filters ?? {}) as [F, FilterRule][]) {
    const raw = params.get(listKey(spec, name));
    const value = raw === null ? undefined : rule(raw);
    if (value !== undefined && value !== '') filters[name] = value;
  }
  return {
    q: cleanSearch(params.get(listKey(spec, 'q')) ?? ''),
    sort,
    cursor: cursor !== null && cursorFits(cursor, sort, spec.page) ? cursor : undefined,
    filters,
  };
}

/** `params` without `keys` (a key, or every key starting with a prefix ending in '.'). */
export function withoutKeys(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...next.keys()]) {
    if (keys.some((key) => (key.endsWith('.') ? name.startsWith(key) : name === key))) next.delete(name);
  }
  return next;
}

const setOrDelete = (params: URLSearchParams, key: string, value: string | undefined) => {
  if (value === undefined || value === '') params.delete(key);
  else params.set(key, value);
};

/**
 * `params` with `change` made to the list. A new search, sort or filter goes back to the first page (a
 * cursor belongs to one search and sort), and any change drops the list's dependents. The default sort
 * and empty values are left out of the URL. Other keys stay as they are.
 */
export function writeListState<C extends string, F extends string = never>(
  params: URLSearchParams,
  spec: ListSpec<C, F>,
  change: ListChange<C, F>,
): URLSearchParams {
  const now = readListState(params, spec);
  const next = new URLSearchParams(params);
  let refilters = false;
  if (change.q !== undefined && cleanSearch(change.q) !== now.q) {
    setOrDelete(next, listKey(spec, 'q'), cleanSearch(change.q));
    refilters = true;
  }
  if (change.sort !== undefined && sortText(change.sort) !== sortText(now.sort)) {
    const text = sortText(change.sort);
    setOrDelete(next, listKey(spec, 'sort'), text === sortText(defaultSortOf(spec)) ? undefined : text);
    refilters = true;
  }
  for (const [name, value] of Object.entries(change.filters ?? {}) as [F, string | undefined][]) {
    const clean = value?.trim() ?? '';
    if (clean === (now.filters[name] ?? '')) continue;
    setOrDelete(next, listKey(spec, name), clean);
    refilters = true;
  }
  if (refilters) next.delete(listKey(spec, 'cursor'));
  else if (change.cursor !== undefined)
    setOrDelete(next, listKey(spec, 'cursor'), change.cursor ?? undefined);
  const changed = next.toString() !== params.toString();
  return changed ? withoutKeys(next, spec.dependents ?? []) : next;
}

/** The page part of the list's request: q (when there is one), sort, limit and cursor. */
export function pageArgs<C extends string, F extends string>(
  state: ListState<C, F>,
  spec: ListSpec<C, F>,
): PageArgs {
  return {
    ...(state.q === '' ? {} : { q: state.q }),
    sort: sortText(state.sort),
    limit: spec.limit,
    ...(state.cursor === undefined ? {} : { cursor: state.cursor }),
  };
}

// ---- filter rules

const ID_TEXT = /^[1-9]\d{0,9}$/;

/** A record id (a user's, a device's): a positive whole number within PostgreSQL's integer. */
export const idFilter: FilterRule = (raw) =>
  ID_TEXT.test(raw) && Number(raw) <= 2_147_483_647 ? raw : undefined;

/** One of `values`. */
export const oneOfFilter =
  (values: readonly string[]): FilterRule =>
  (raw) =>
    values.includes(raw) ? raw : undefined;

/** Free text, trimmed, at most `max` characters. */
export const textFilter =
  (max: number): FilterRule =>
  (raw) =>
    raw.trim().slice(0, max) || undefined;

/** A calendar day ('YYYY-MM-DD'). */
export const dayFilter: FilterRule = (raw) =>
  /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined;

/** The record id in `params` under `key` (the chosen user, the expanded row), or null. */
export function readIdParam(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  const id = raw === null ? undefined : idFilter(raw);
  return id === undefined ? null : Number(id);
}

/** `params` with the id under `key` set (or removed for null); a change drops `dependents`. */
export function writeIdParam(
  params: URLSearchParams,
  key: string,
  id: number | null,
  dependents: readonly string[] = [],
): URLSearchParams {
  if (readIdParam(params, key) === id) return params;
  const next = withoutKeys(params, dependents);
  setOrDelete(next, key, id === null ? undefined : String(id));
  return next;
}
