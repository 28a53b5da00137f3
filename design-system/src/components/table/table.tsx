import { Fragment, type Key, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';

export type TableBreakpoint = 'sm' | 'md';

export type TableSortDirection = 'asc' | 'desc';

/** The order rows are shown in: the sortKey of the sorted column and its direction. */
export type TableSort = { column: string; direction: TableSortDirection };

export type TableColumn<Row> = {
  /** Stable key of the column. */
  id: string;
  header: ReactNode;
  /** Renders the cell of this column for a row. */
  cell: (row: Row, rowIndex: number) => ReactNode;
  /** Hide the column (header and cells) on screens narrower than this breakpoint (sm 576px, md 768px). */
  hideBelow?: TableBreakpoint;
  align?: 'start' | 'center' | 'end';
  /** Render this column's cells as row headers (th scope=row). */
  rowHeader?: boolean;
  /** Header visually hidden (e.g. an actions column); still read by screen readers. */
  hideHeader?: boolean;
  className?: string;
  /** The cell's label when rows stack as cards (stackBelow); default the header when it is a string. */
  label?: string;
  /**
   * Makes the header a sort button (with onSortChange on the table): the key onSortChange gets for this
   * column. The table only says which order was asked for; the rows come sorted from the caller.
   */
  sortKey?: string;
};

export type TableProps<Row> = {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row, index: number) => Key;
  /** Table caption (its accessible name). */
  caption?: ReactNode;
  /** Keep the caption for assistive technology only. */
  hideCaption?: boolean;
  /** Shown in a single full-width row when there are no rows. */
  empty?: ReactNode;
  /** Tighter rows. */
  dense?: boolean;
  className?: string;
  rowClassName?: (row: Row, index: number) => string | undefined;
  /**
   * Below this width (sm 576px, md 768px) each row is shown as a card, every cell labelled with its
   * column's label (headers hidden), so that a wide table is usable on a phone without scrolling sideways.
   */
  stackBelow?: TableBreakpoint;
  /** A full-width row shown under a row (an expanded details panel); null or undefined for none. */
  rowDetails?: (row: Row, index: number) => ReactNode;
  /** The order the rows are in (its column's header gets aria-sort and an arrow). */
  sort?: TableSort;
  /**
   * Called with the order asked for when a sortable header (sortKey) is clicked: its column ascending,
   * or the current column the other way round. Without it no header is a button.
   */
  onSortChange?: (sort: TableSort) => void;
};

/** Class name that hides a column below a breakpoint. */
export function hideBelowClass(breakpoint: TableBreakpoint | undefined): string | undefined {
  return breakpoint ? `pc-hide-below-${breakpoint}` : undefined;
}

/** The label a stacked cell shows: the column's label, else its header when that is plain text. */
function cellLabel<Row>(column: TableColumn<Row>): string | undefined {
  if (column.hideHeader) return undefined;
  if (column.label !== undefined) return column.label;
  return typeof column.header === 'string' ? column.header : undefined;
}

function columnClass<Row>(column: TableColumn<Row>) {
  return cx(
    hideBelowClass(column.hideBelow),
    column.align && column.align !== 'start' && `pc-table__cell--${column.align}`,
    column.className,
  );
}

function renderCell<Row>(column: TableColumn<Row>, row: Row, rowIndex: number) {
  return column.rowHeader ? (
    <th key={column.id} scope="row" className={columnClass(column)} data-label={cellLabel(column)}>
      {column.cell(row, rowIndex)}
    </th>
  ) : (
    <td key={column.id} className={columnClass(column)} data-label={cellLabel(column)}>
      {column.cell(row, rowIndex)}
    </td>
  );
}

/** The order a click on the header of `sortKey` asks for: ascending first, then the other way round. */
export function nextTableSort(current: TableSort | undefined, sortKey: string): TableSort {
  if (current?.column !== sortKey) return { column: sortKey, direction: 'asc' };
  return { column: sortKey, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Up, down, or both (not sorted): drawn here so the header needs no icon font. */
function SortMark({ direction }: { direction: TableSortDirection | undefined }) {
  return (
    <svg
      className="pc-table__sort-mark"
      width={16}
      height={16}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      {direction !== 'desc' ? <path d="M8 2.5 12 7H4z" opacity={direction ? 1 : 0.45} /> : null}
      {direction !== 'asc' ? <path d="M8 13.5 4 9h8z" opacity={direction ? 1 : 0.45} /> : null}
    </svg>
  );
}

type HeaderProps<Row> = {
  column: TableColumn<Row>;
  sort: TableSort | undefined;
  onSortChange: ((sort: TableSort) => void) | undefined;
};

function HeaderCell<Row>({ column, sort, onSortChange }: HeaderProps<Row>) {
  const { sortKey } = column;
  if (sortKey === undefined || onSortChange === undefined || column.hideHeader) {
    return (
      <th scope="col" className={columnClass(column)}>
        {column.hideHeader ? <span className="pc-visually-hidden">{column.header}</span> : column.header}
      </th>
    );
  }
  const direction = sort?.column === sortKey ? sort.direction : undefined;
  return (
    <th
      scope="col"
      className={cx(columnClass(column), 'pc-table__sortable')}
      aria-sort={direction === undefined ? undefined : direction === 'asc' ? 'ascending' : 'descending'}
    >
      <button
        type="button"
        className={cx('pc-table__sort', direction && 'pc-table__sort--active')}
        onClick={() => onSortChange(nextTableSort(sort, sortKey))}
      >
        {column.header}
        <SortMark direction={direction} />
      </button>
    </th>
  );
}

/**
 * Data table generic over its row type; columns can hide below a width; wide tables scroll sideways.
 * Columns with a sortKey get a sort button in their header when the table has onSortChange (the rows
 * come sorted from the caller); when the rows stack as cards, those buttons stay above the cards.
 */
export function Table<Row>({
  columns,
  rows,
  getRowKey,
  caption,
  hideCaption = false,
  empty,
  dense = false,
  className,
  rowClassName,
  stackBelow,
  rowDetails,
  sort,
  onSortChange,
}: TableProps<Row>) {
  const captionId = `${useStableId()}-caption`;
  const hasCaption = caption !== undefined && caption !== null;
  const sortable = onSortChange !== undefined && columns.some((column) => column.sortKey !== undefined);
  return (
    <div
      className="pc-table-scroll"
      role={hasCaption ? 'region' : undefined}
      aria-labelledby={hasCaption ? captionId : undefined}
      tabIndex={hasCaption ? 0 : undefined}
    >
      <table
        className={cx(
          'pc-table',
          dense && 'pc-table--dense',
          stackBelow && `pc-table--stack-below-${stackBelow}`,
          sortable && 'pc-table--sortable',
          className,
        )}
      >
        {hasCaption ? (
          <caption id={captionId} className={cx('pc-table__caption', hideCaption && 'pc-visually-hidden')}>
            {caption}
          </caption>
        ) : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} onSortChange={onSortChange} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="pc-table__empty-row">
              <td colSpan={columns.length}>{empty ?? 'Nothing to show.'}</td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => {
              const details = rowDetails?.(row, rowIndex);
              return (
                <Fragment key={getRowKey(row, rowIndex)}>
                  <tr className={rowClassName?.(row, rowIndex)}>
                    {columns.map((column) => renderCell(column, row, rowIndex))}
                  </tr>
                  {details === null || details === undefined ? null : (
                    <tr className="pc-table__details-row">
                      <td colSpan={columns.length}>{details}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
