import { useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { cx } from '../../lib/cx';
import { FieldFrame, useFieldIds } from '../field/field';
import type { FieldBaseProps } from '../field/field';

export type NumberFieldProps = FieldBaseProps &
  Omit<
    ComponentPropsWithRef<'input'>,
    'size' | 'type' | 'value' | 'defaultValue' | 'min' | 'max' | 'step'
  > & {
    /** Controlled value; null means empty. */
    value?: number | null;
    defaultValue?: number | null;
    /** Called with the parsed number (or null when empty / not a number) on every change and on blur. */
    onValueChange?: (value: number | null) => void;
    min?: number;
    max?: number;
    step?: number;
    /** On blur: clamp into [min, max], round to the step grid, and replace a non-number with `emptyValue`. */
    clampOnBlur?: boolean;
    /** Value used on blur (with clampOnBlur) when the field is empty or not a number. Default null. */
    emptyValue?: number | null;
  };

/** Clamps `value` into [min, max] and rounds it to the step grid counted from `min` (or 0). */
export function clampNumber(
  value: number,
  { min, max, step }: { min?: number; max?: number; step?: number },
): number {
  let next = value;
  if (step !== undefined && step > 0) {
    const base = min ?? 0;
    next = base + Math.round((next - base) / step) * step;
    // Avoid binary noise such as 0.30000000000000004.
    const decimals = (String(step).split('.')[1] ?? '').length;
    next = Number(next.toFixed(decimals));
  }
  if (min !== undefined && next < min) next = min;
  if (max !== undefined && next > max) next = max;
  return next;
}

function parse(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const toText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Labelled numeric input (type=number, so arrow keys step) with optional clamping on blur. */
export function NumberField({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  required,
  value,
  defaultValue = null,
  onValueChange,
  min,
  max,
  step,
  clampOnBlur = false,
  emptyValue = null,
  onChange,
  onBlur,
  inputMode,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: NumberFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: ariaDescribedBy });
  const controlled = value !== undefined;
  const [draft, setDraft] = useState(() => toText(controlled ? value : defaultValue));
  const [lastValue, setLastValue] = useState(value);

  // A controlled value that changed from outside (and differs from what is typed) replaces the draft.
  if (controlled && value !== lastValue) {
    setLastValue(value);
    if (parse(draft) !== value) setDraft(toText(value));
  }

  const integerStep = step === undefined || Number.isInteger(step);
  const integerOnly = integerStep && (min === undefined || Number.isInteger(min));
  // Phone keypads for 'numeric' and 'decimal' have no minus key: where negatives are allowed, leave the
  // keyboard to the browser (type=number gets digits with punctuation).
  const negativesAllowed = min === undefined || min < 0;
  const keypad = negativesAllowed ? undefined : integerOnly ? 'numeric' : 'decimal';

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
        type="number"
        inputMode={inputMode ?? keypad}
        min={min}
        max={max}
        step={step}
        className={cx('pc-input', 'pc-input--number', className)}
        required={required}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        value={draft}
        onChange={(event) => {
          onChange?.(event);
          setDraft(event.target.value);
          onValueChange?.(parse(event.target.value));
        }}
        onBlur={(event) => {
          if (clampOnBlur) {
            const parsed = parse(event.target.value);
            const next = parsed === null ? emptyValue : clampNumber(parsed, { min, max, step });
            setDraft(toText(next));
            if (next !== parsed || event.target.value !== toText(next)) onValueChange?.(next);
          }
          onBlur?.(event);
        }}
        {...rest}
      />
    </FieldFrame>
  );
}
