import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';

export type ProgressBarProps = Omit<HTMLAttributes<HTMLDivElement>, 'role'> & {
  /** Current value; omit for an indeterminate bar. */
  value?: number;
  max?: number;
  /** Visible label; the bar's accessible name. */
  label: string;
  hideLabel?: boolean;
  /** Show the percentage (or `valueText`) beside the label. */
  showValue?: boolean;
  /** Human text of the value, e.g. '3 of 8 steps'. */
  valueText?: string;
  tone?: 'accent' | 'green' | 'amber' | 'red';
};

/** Determinate or indeterminate progress (role=progressbar). */
export function ProgressBar({
  value,
  max = 100,
  label,
  hideLabel = false,
  showValue = false,
  valueText,
  tone = 'accent',
  className,
  ...rest
}: ProgressBarProps) {
  const labelId = `${useStableId()}-label`;
  const determinate = value !== undefined && Number.isFinite(value) && max > 0;
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = determinate ? Math.round((clamped / max) * 100) : 0;
  return (
    <div className={cx('pc-progress', `pc-progress--${tone}`, className)} {...rest}>
      <div className={cx('pc-progress__top', hideLabel && !showValue && 'pc-visually-hidden')}>
        <span id={labelId} className={cx('pc-progress__label', hideLabel && 'pc-visually-hidden')}>
          {label}
        </span>
        {showValue && determinate ? (
          <span className="pc-progress__value" aria-hidden="true">
            {valueText ?? `${percent}%`}
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? clamped : undefined}
        aria-valuetext={determinate ? valueText : undefined}
        className={cx('pc-progress__track', !determinate && 'pc-progress__track--indeterminate')}
      >
        <div className="pc-progress__fill" style={determinate ? { width: `${percent}%` } : undefined} />
      </div>
    </div>
  );
}
