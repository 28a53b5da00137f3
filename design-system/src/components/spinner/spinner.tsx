import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children'> & {
  /** Accessible text announced to assistive technology. Default 'Loading'. */
  label?: string;
  size?: SpinnerSize;
  /** When true the spinner is hidden from assistive technology (e.g. inside a busy button). */
  decorative?: boolean;
};

/** Indeterminate busy indicator with an accessible label (role=status). */
export function Spinner({
  label = 'Loading',
  size = 'md',
  decorative = false,
  className,
  ...rest
}: SpinnerProps) {
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative ? true : undefined}
      className={cx('pc-spinner', `pc-spinner--${size}`, className)}
      {...rest}
    >
      <span className="pc-spinner__circle" aria-hidden="true" />
      {decorative ? null : <span className="pc-visually-hidden">{label}</span>}
    </span>
  );
}
