import type { PromoCode } from '@pitclock/contracts';
import { Badge, Table, type BadgeTone, type TableColumn } from '@pitclock/design-system';
import { CopyButton } from '../../lib/copy-button';
import { formatLocalDateTime } from '../../lib/format-time';
import type { AdminError } from '../../store';
import { PROMO_CODES_TEXT as T } from './messages';
import { promoStatus, remainingUses, usesText, type PromoStatus } from './promo-rules';
import { PromoToggleButton } from './promo-toggle-button';

export type PromoCodesTableProps = {
  codes: readonly PromoCode[];
  /** Epoch milliseconds the statuses are judged at. */
  now: number;
  onToggleError: (error: AdminError) => void;
};

const STATUS_TONE: Record<PromoStatus, BadgeTone> = {
  active: 'green',
  disabled: 'neutral',
  expired: 'amber',
  usedUp: 'red',
};

/** The promo codes, one card per code on a phone (stackBelow md). */
export function PromoCodesTable({ codes, now, onToggleError }: PromoCodesTableProps) {
  const columns: TableColumn<PromoCode>[] = [
    {
      id: 'code',
      header: T.columns.code,
      rowHeader: true,
      cell: (code) => (
        <span className="admin-promo__code">
          <span className="admin-break">{code.code}</span>
          <CopyButton text={code.code} label={T.copyLabel(code.code)} />
        </span>
      ),
    },
    { id: 'uses', header: T.columns.uses, cell: (code) => usesText(code, T.infinity) },
    {
      id: 'remaining',
      header: T.columns.remaining,
      cell: (code) => remainingUses(code.max_uses, code.used_count) ?? T.unlimited,
    },
    {
      id: 'license-days',
      header: T.columns.licenseDays,
      cell: (code) => code.license_days ?? T.defaultDays,
    },
    {
      id: 'expires',
      header: T.columns.expires,
      cell: (code) => formatLocalDateTime(code.expires_at, T.never),
    },
    {
      id: 'status',
      header: T.columns.status,
      cell: (code) => {
        const status = promoStatus(code, now);
        return <Badge tone={STATUS_TONE[status]}>{T.status[status]}</Badge>;
      },
    },
    {
      id: 'action',
      header: T.columns.action,
      hideHeader: true,
      cell: (code) => <PromoToggleButton code={code} onError={onToggleError} />,
    },
  ];
  return (
    <Table
      columns={columns}
      rows={codes}
      getRowKey={(code) => code.id}
      caption={T.tableCaption}
      hideCaption
      stackBelow="md"
    />
  );
}
