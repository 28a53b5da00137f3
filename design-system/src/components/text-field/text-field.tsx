import type { ComponentPropsWithRef } from 'react';
import { cx } from '../../lib/cx';
import { FieldFrame, useFieldIds } from '../field/field';
import type { FieldBaseProps } from '../field/field';

export type TextFieldProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'size'>;

/** Labelled single-line text input with hint and error. Forwards the usual input props. */
export function TextField({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  type = 'text',
  required,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: ariaDescribedBy });
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
      <input
        id={ids.inputId}
        type={type}
        className={cx('pc-input', className)}
        required={required}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
    </FieldFrame>
  );
}
