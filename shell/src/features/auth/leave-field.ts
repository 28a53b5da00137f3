import type { FocusEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export type LeaveFieldProps<N extends string> = Omit<UseFormRegisterReturn<N>, 'onBlur'> & {
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
};

/**
 * register()'s props for TextField and PasswordField, where moving to the field's own show/hide button is
 * not leaving the field (SPEC.md section 5: an error shows once its field has been left); leaving that
 * button for anything but the input is.
 */
export function leaveField<N extends string>(props: UseFormRegisterReturn<N>): LeaveFieldProps<N> {
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const next = event.relatedTarget;
    if (next instanceof HTMLElement && next.getAttribute('aria-controls') === input.id) {
      next.addEventListener(
        'blur',
        (blur) => {
          if (blur.relatedTarget !== input) void props.onBlur(event);
        },
        { once: true },
      );
      return;
    }
    void props.onBlur(event);
  };
  return { ...props, onBlur };
}
