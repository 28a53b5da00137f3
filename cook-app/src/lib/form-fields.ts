// The house form is react-hook-form's useForm with the zod resolver: plain inputs take register()'s props,
// the design system's controlled fields go through a Controller with the bindings below.
import type { ChangeEvent, FormEvent } from 'react';
import type { RefCallBack } from 'react-hook-form';

type BoundField = {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  name: string;
  ref: RefCallBack;
};

/**
 * NumberField props for a form value that is a number, null when empty, or NaN when the browser could not
 * read what was typed (a number input then reports an empty value): the schemas refuse NaN as not a number.
 */
export function numberFieldBinding(field: BoundField) {
  // NumberField reports the event, then the value it read, in the same change.
  let unreadable = false;
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: typeof field.value === 'number' && Number.isFinite(field.value) ? field.value : null,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      unreadable = event.target.validity.badInput;
    },
    onValueChange: (value: number | null) => field.onChange(unreadable ? Number.NaN : value),
  };
}

/**
 * TimeInput props for a form value that is the time as typed, normalised when the field commits it (on blur
 * or Enter), so that the schema also refuses a time the field did not accept. The field says so itself on
 * blur; it keeps its own draft from its first value on, so a form reset gives it a new key.
 */
export function timeInputBinding(field: BoundField) {
  return {
    name: field.name,
    ref: field.ref,
    defaultValue: typeof field.value === 'string' ? field.value : '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value),
    onValueChange: (value: string) => field.onChange(value),
  };
}

/**
 * A form's onSubmit: `submit` (a handleSubmit(...)), unless the previous submit is still running, whose
 * Enter or click then does nothing.
 */
export function unlessSubmitting(
  isSubmitting: boolean,
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (isSubmitting) event.preventDefault();
    else void submit(event);
  };
}
