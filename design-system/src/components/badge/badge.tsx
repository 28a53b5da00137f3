import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

export type BadgeTone = 'neutral' | 'accent' | 'green' | 'amber' | 'red' | 'info';

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone };

/** Small status label. Colour is never the only signal: the text says it. */
export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx('pc-badge', `pc-badge--${tone}`, className)} {...rest} />;
}
