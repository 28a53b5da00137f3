import { useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { cx } from '../../lib/cx';
import { EyeIcon, EyeOffIcon } from '../../icons/icons';
import { FieldFrame, useFieldIds } from '../field/field';
import type { FieldBaseProps } from '../field/field';

export type PasswordFieldProps = FieldBaseProps &
  Omit<ComponentPropsWithRef<'input'>, 'size' | 'type'> & {
    /** Accessible name of the toggle while the password is hidden. Default 'Show password'. */
    showPasswordLabel?: string;
    /** Accessible name of the toggle while the password is shown. Default 'Hide password'. */
    hidePasswordLabel?: string;
    /** Start with the password visible. */
    defaultVisible?: boolean;
  };

/** Password input with a show/hide toggle button. */
export function PasswordField({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  required,
  showPasswordLabel = 'Show password',
  hidePasswordLabel = 'Hide password',
  defaultVisible = false,
  autoComplete = 'current-password',
  'aria-describedby': ariaDescribedBy,
  ...rest
}: PasswordFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: ariaDescribedBy });
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <FieldFrame
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      required={required}
      className={wrapperClassName}
    >
      <div className="pc-input-group">
        <input
          id={ids.inputId}
          type={visible ? 'text' : 'password'}
          className={cx('pc-input', className)}
          required={required}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
        <button
          type="button"
          className="pc-input-group__button"
          aria-label={visible ? hidePasswordLabel : showPasswordLabel}
          aria-controls={ids.inputId}
          disabled={rest.disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
}
