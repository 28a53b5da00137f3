import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageSort } from '@pitclock/contracts/schemas';
import {
  pageArgs,
  readIdParam,
  readListState,
  readSort,
  writeIdParam,
  writeListState,
  type ListChange,
  type ListSpec,
  type ListState,
  type PageArgs,
} from './list-state';

export type ListControls<C extends string, F extends string = never> = ListState<C, F> & {
  /** The page part of the list's request (q, sort, limit, cursor). */
  args: PageArgs;
  /** A new search (first page). Replaces the history entry: typing leaves no entry per keystroke. */
  search: (q: string) => void;
  /** Another order (first page); a column the list cannot sort by is ignored. Pushes a history entry. */
  sortBy: (sort: { column: string; direction: PageSort['direction'] }) => void;
  /** Another page (null: the first). Pushes a history entry. */
  goTo: (cursor: string | null) => void;
  /** Other filters (first page); '' or undefined removes one. Pushes a history entry. */
  filter: (filters: Partial<Record<F, string | undefined>>) => void;
};

/**
 * One admin list's search, sort, page and filters, kept in the URL (see list-state.ts): read from it on
 * every render, so a link, a reload, Back and Forward all show the page the URL names.
 */
export function useListState<C extends string, F extends string = never>(
  spec: ListSpec<C, F>,
): ListControls<C, F> {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // A new state only when the URL changes (the spec is a module constant).
  const state = useMemo(() => readListState(new URLSearchParams(query), spec), [query, spec]);

  const apply = (change: ListChange<C, F>, replace: boolean) => {
    const next = writeListState(params, spec, change);
    if (next.toString() !== query) setParams(next, { replace });
  };

  return {
    ...state,
    args: pageArgs(state, spec),
    search: (q) => apply({ q }, true),
    sortBy: (sort) => {
      const known = readSort(spec.page, sort.direction === 'desc' ? `-${sort.column}` : sort.column);
      if (known) apply({ sort: known }, false);
    },
    goTo: (cursor) => apply({ cursor }, false),
    filter: (filters) => apply({ filters }, false),
  };
}

/**
 * A record id kept in the URL under `key` (the user whose credits are shown, the expanded user): the id or
 * null, and a setter that pushes a history entry and drops `dependents` (see ListSpec.dependents).
 */
export function useIdParam(
  key: string,
  dependents: readonly string[] = [],
): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = readIdParam(params, key);
  const set = (next: number | null) => {
    const written = writeIdParam(params, key, next, dependents);
    if (written.toString() !== params.toString()) setParams(written);
  };
  return [id, set];
}
