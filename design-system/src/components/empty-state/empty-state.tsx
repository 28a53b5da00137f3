import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';

export type EmptyStateProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  title: ReactNode;
  text?: ReactNode;
  /** Optional call to action, usually a Button. */
  action?: ReactNode;
  /** Optional decorative illustration or icon. */
  icon?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
};

/** Placeholder shown when a list or screen has nothing to show yet. */
export function EmptyState({
  title,
  text,
  action,
  icon,
  headingLevel = 2,
  className,
  ...rest
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('pc-empty-state', className)} {...rest}>
      {icon ? (
        <div className="pc-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="pc-empty-state__title">{title}</Heading>
      {text ? <p className="pc-empty-state__text">{text}</p> : null}
      {action ? <div className="pc-empty-state__action">{action}</div> : null}
    </div>
  );
}
