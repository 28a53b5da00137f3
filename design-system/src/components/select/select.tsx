import type { ComponentPropsWithRef } from 'react';
import { cx } from '../../lib/cx';
import { ChevronDownIcon } from '../../icons/icons';
import { FieldFrame, useFieldIds } from '../field/field';
import type { FieldBaseProps } from '../field/field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = FieldBaseProps &
  ComponentPropsWithRef<'select'> & {
    /** Options to render; children (option/optgroup elements) are rendered after them. */
    options?: readonly SelectOption[];
    /** Adds a first option with an empty value and this text. */
    placeholder?: string;
  };

/** Labelled native select (best keyboard and phone support). */
export function Select({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  required,
  options,
  placeholder,
  children,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: SelectProps) {
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
      <div className="pc-select-wrap">
        <select
          id={ids.inputId}
          className={cx('pc-input', 'pc-select', className)}
          required={required}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <span className="pc-select-wrap__chevron" aria-hidden="true">
          <ChevronDownIcon />
        </span>
      </div>
    </FieldFrame>
  );
}
