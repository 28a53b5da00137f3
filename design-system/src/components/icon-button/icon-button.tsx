import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../lib/cx';

export type IconButtonVariant = 'ghost' | 'secondary' | 'primary' | 'danger';

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children'> & {
  /** Accessible name (required: the button shows only an icon). */
  label: string;
  /** Inline SVG icon; rendered aria-hidden. */
  icon: ReactNode;
  variant?: IconButtonVariant;
};

/** Square 44px icon-only button with a required accessible name. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  type = 'button',
  className,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cx('pc-icon-button', `pc-icon-button--${variant}`, className)}
      {...rest}
    >
      <span className="pc-icon-button__icon" aria-hidden="true">
        {icon}
      </span>
    </button>
  );
}
