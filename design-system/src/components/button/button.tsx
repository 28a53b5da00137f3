import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Spinner } from '../spinner/spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and blocks clicks while true. */
  loading?: boolean;
  fullWidth?: boolean;
  /** Decorative icon before the label. */
  icon?: ReactNode;
};

/** Text button. Defaults to type="button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  icon,
  type = 'button',
  className,
  disabled,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'pc-button',
        `pc-button--${variant}`,
        `pc-button--${size}`,
        fullWidth && 'pc-button--full',
        loading && 'pc-button--loading',
        className,
      )}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading ? (
        <Spinner size="sm" decorative />
      ) : icon ? (
        <span className="pc-button__icon">{icon}</span>
      ) : null}
      <span className="pc-button__label">{children}</span>
    </button>
  );
}
