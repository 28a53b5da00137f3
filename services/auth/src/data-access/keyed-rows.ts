import type { Db, KeyedRow } from '@pitclock/kit';

/** A transaction of db.transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type SelectedWithKey = { id: number; sortKey: string | number | boolean };

/** The rows of a page query (selected with `sortKey: parts.sortKey` beside their columns) as readPage takes them. */
export const keyedRows = <R extends SelectedWithKey>(rows: R[]): KeyedRow<Omit<R, 'sortKey'>>[] =>
  rows.map((selected) => {
    const { sortKey, ...row } = selected;
    return { row, id: selected.id, sortKey };
  });
