import type { ReactNode } from 'react';
import type { PromoCode } from '@pitclock/contracts';
import { Badge, Table, type BadgeTone, type TableColumn, type TableSort } from '@pitclock/design-system';
import { CopyButton } from '../../lib/copy-button';
import { formatLocalDateTime } from '../../lib/format-time';
import type { AdminError } from '../../store';
import { PROMO_CODES_TEXT as T } from './messages';
import type { PromoRow } from './promo-answers';
import type { PromoColumn } from './promo-codes-list';
import { promoStatus, remainingUses, usesText, type PromoStatus } from './promo-rules';
import { PromoToggleButton } from './promo-toggle-button';

export type PromoCodesTableProps = {
  rows: readonly PromoRow[];
  /** Epoch milliseconds the statuses are judged at. */
  now: number;
  onToggleError: (error: AdminError) => void;
  /** The order of the rows, and what a header click asks for. */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
};

/** The promo-code columns a header click sorts by (PROMO_CODES_PAGE's columns). */
const sortKey = (key: PromoColumn) => key;

const STATUS_TONE: Record<PromoStatus, BadgeTone> = {
  active: 'green',
  disabled: 'neutral',
  expired: 'amber',
  usedUp: 'red',
};

/** A cell of a code's row; an unreadable row shows nothing in it but a dash. */
const ofCode =
  (cell: (code: PromoCode) => ReactNode, unreadable: ReactNode = T.unknownValue) =>
  (row: PromoRow) =>
    row.kind === 'code' ? cell(row.code) : unreadable;

/**
 * The promo codes, one card per code on a phone (stackBelow md). A code the server sent in a shape that
 * cannot be read keeps its place as an unreadable row, with nothing to act on.
 */
export function PromoCodesTable({ rows, now, onToggleError, sort, onSortChange }: PromoCodesTableProps) {
  const columns: TableColumn<PromoRow>[] = [
    {
      id: 'code',
      header: T.columns.code,
      rowHeader: true,
      sortKey: sortKey('code'),
      cell: ofCode(
        (code) => (
          <span className="admin-promo__code">
            <span className="admin-break">{code.code}</span>
            <CopyButton text={code.code} label={T.copyLabel(code.code)} />
          </span>
        ),
        T.unreadable,
      ),
    },
    {
      id: 'uses',
      header: T.columns.uses,
      cell: ofCode((code) => usesText(code, T.infinity)),
      sortKey: sortKey('used_count'),
    },
    {
      id: 'remaining',
      header: T.columns.remaining,
      cell: ofCode((code) => remainingUses(code.max_uses, code.used_count) ?? T.unlimited),
    },
    {
      id: 'license-days',
      header: T.columns.licenseDays,
      cell: ofCode((code) => code.license_days ?? T.defaultDays),
    },
    {
      id: 'expires',
      header: T.columns.expires,
      cell: ofCode((code) => formatLocalDateTime(code.expires_at, T.never)),
    },
    {
      id: 'status',
      header: T.columns.status,
      cell: ofCode(
        (code) => {
          const status = promoStatus(code, now);
          return <Badge tone={STATUS_TONE[status]}>{T.status[status]}</Badge>;
        },
        <Badge tone="red">{T.unreadableStatus}</Badge>,
      ),
    },
    {
      id: 'action',
      header: T.columns.action,
      hideHeader: true,
      cell: ofCode((code) => <PromoToggleButton code={code} onError={onToggleError} />, null),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={rows}
      getRowKey={(row) => (row.kind === 'code' ? `code-${row.code.id}` : `unreadable-${row.position}`)}
      caption={T.tableCaption}
      hideCaption
      stackBelow="md"
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
