import { useState } from 'react';
import type { ComponentPropsWithRef, KeyboardEvent, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { FieldFrame, useFieldIds } from '../field/field';
import type { FieldBaseProps } from '../field/field';
import { parseTimeInput } from './parse-time-input';

export type TimeInputProps = FieldBaseProps &
  Omit<ComponentPropsWithRef<'input'>, 'size' | 'type' | 'value' | 'defaultValue' | 'step'> & {
    /** Controlled value: 'HH:MM' (24-hour) or '' for empty. */
    value?: string;
    /** Initial value when uncontrolled. */
    defaultValue?: string;
    /**
     * Called with the normalised 'HH:MM' when a valid time is committed (blur or Enter in text mode,
     * every change in native mode) and with '' when the field is cleared.
     */
    onValueChange?: (value: string) => void;
    /**
     * 'text' (default): free text that accepts '19:05', '7:05 PM', '7:05pm' and normalises to 'HH:MM' on
     * blur. 'native': the browser's time picker (type=time, step 60 s).
     */
    mode?: 'text' | 'native';
    /** Error shown when the typed text is not a time (text mode). Overridden by `error`. */
    invalidMessage?: string;
  };

/** Time of day field producing 24-hour 'HH:MM' with a one-minute step. */
export function TimeInput({
  label,
  hint,
  error,
  hideLabel,
  wrapperClassName,
  id,
  className,
  required,
  value,
  defaultValue = '',
  onValueChange,
  mode = 'text',
  invalidMessage = 'Please pick a valid time (HH:MM).',
  placeholder,
  onBlur,
  onChange,
  onKeyDown,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TimeInputProps) {
  const controlled = value !== undefined;
  const [committed, setCommitted] = useState(defaultValue);
  const current = controlled ? value : committed;
  const [draft, setDraft] = useState<string>(current);
  const [lastCurrent, setLastCurrent] = useState(current);
  const [typedInvalid, setTypedInvalid] = useState(false);

  // Follow outside changes of the committed value (derived state, adjusted during render).
  if (current !== lastCurrent) {
    setLastCurrent(current);
    setDraft(current);
    setTypedInvalid(false);
  }

  const shownError = error ?? (typedInvalid ? invalidMessage : undefined);
  const ids = useFieldIds({ id, hint, error: shownError, describedBy: ariaDescribedBy });

  const commit = (next: string) => {
    if (!controlled) setCommitted(next);
    setLastCurrent(next);
    onValueChange?.(next);
  };

  const commitDraft = () => {
    const text = draft.trim();
    if (text === '') {
      setTypedInvalid(false);
      setDraft('');
      if (current !== '') commit('');
      return;
    }
    const parsed = parseTimeInput(text);
    if (parsed === null) {
      setTypedInvalid(true);
      return;
    }
    setTypedInvalid(false);
    setDraft(parsed);
    if (parsed !== current) commit(parsed);
  };

  const frame = (control: ReactNode) => (
    <FieldFrame
      ids={ids}
      label={label}
      hint={hint}
      error={shownError}
      hideLabel={hideLabel}
      required={required}
      className={wrapperClassName}
    >
      {control}
    </FieldFrame>
  );

  if (mode === 'native') {
    return frame(
      <input
        id={ids.inputId}
        type="time"
        step={60}
        className={cx('pc-input', 'pc-input--time', className)}
        required={required}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        value={draft}
        onChange={(event) => {
          onChange?.(event);
          const text = event.target.value;
          setDraft(text);
          const parsed = text === '' ? '' : parseTimeInput(text);
          if (parsed !== null && parsed !== current) commit(parsed);
        }}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        {...rest}
      />,
    );
  }

  return frame(
    <input
      id={ids.inputId}
      type="text"
      inputMode="text"
      autoComplete="off"
      placeholder={placeholder ?? 'HH:MM'}
      className={cx('pc-input', 'pc-input--time', className)}
      required={required}
      aria-invalid={ids.invalid || undefined}
      aria-describedby={ids.describedBy}
      value={draft}
      onChange={(event) => {
        onChange?.(event);
        setDraft(event.target.value);
      }}
      onBlur={(event) => {
        commitDraft();
        onBlur?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') commitDraft();
        onKeyDown?.(event);
      }}
      {...rest}
    />,
  );
}
