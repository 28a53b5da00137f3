import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { CheckIcon, CloseIcon, ErrorIcon, WarningIcon } from '../../icons/icons';

export type BannerTone = 'green' | 'amber' | 'red';

export type BannerProps = Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> & {
  tone: BannerTone;
  /** Optional bold lead line. */
  title?: ReactNode;
  /** Optional action (e.g. a Button) shown at the end. */
  action?: ReactNode;
  /** When given, a close button with the name `dismissLabel` is shown. */
  onDismiss?: () => void;
  dismissLabel?: string;
};

const icons: Record<BannerTone, ReactNode> = {
  green: <CheckIcon />,
  amber: <WarningIcon />,
  red: <ErrorIcon />,
};

/**
 * Full-width message strip. Green and amber are polite (role=status); red interrupts (role=alert).
 * With no title and no children it renders an empty coloured strip (e.g. a licence banner in good standing).
 */
export function Banner({
  tone,
  title,
  action,
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
  children,
  ...rest
}: BannerProps) {
  const hasText = title !== undefined || (children !== undefined && children !== null && children !== '');
  return (
    <div
      role={tone === 'red' ? 'alert' : 'status'}
      className={cx('pc-banner', `pc-banner--${tone}`, !hasText && 'pc-banner--empty', className)}
      {...rest}
    >
      {hasText ? (
        <>
          <span className="pc-banner__icon" aria-hidden="true">
            {icons[tone]}
          </span>
          <div className="pc-banner__body">
            {title !== undefined ? <p className="pc-banner__title">{title}</p> : null}
            {children !== undefined && children !== null ? (
              <div className="pc-banner__text">{children}</div>
            ) : null}
          </div>
          {action ? <div className="pc-banner__action">{action}</div> : null}
          {onDismiss ? (
            <button
              type="button"
              className="pc-banner__dismiss"
              aria-label={dismissLabel}
              onClick={onDismiss}
            >
              <CloseIcon size={18} />
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
