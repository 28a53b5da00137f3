import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { hasErrors, type FieldErrors } from './auth-rules';

type Values = Record<string, string>;

/**
 * Controlled form state for the account forms: values, the rules' errors, and which fields were left
 * (SPEC.md section 5: an error shows once its field has been left, then follows every keystroke).
 */
export function useForm<V extends Values>(initial: V, validate: (values: V) => FieldErrors<V>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, true>>>({});
  const errors = validate(values);

  const touch = (name: keyof V) => setTouched((t) => (t[name] ? t : { ...t, [name]: true }));

  /** Props of the field `name` for TextField and PasswordField. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: touched[name] ? errors[name] : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((v) => ({ ...v, [name]: value }));
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      // Moving to the field's own show/hide button is not leaving the field; leaving that button for
      // anything but the input is.
      const input = event.currentTarget;
      const next = event.relatedTarget;
      if (next instanceof HTMLElement && next.getAttribute('aria-controls') === input.id) {
        next.addEventListener(
          'blur',
          (blur) => {
            if (blur.relatedTarget !== input) touch(name);
          },
          { once: true },
        );
        return;
      }
      touch(name);
    },
  });

  /** Shows every field's error (a submit attempt with Enter while the form is not valid). */
  const touchAll = () =>
    setTouched(Object.fromEntries(Object.keys(initial).map((key) => [key, true])) as Record<keyof V, true>);

  return { values, errors, valid: !hasErrors(errors), field, touchAll };
}
