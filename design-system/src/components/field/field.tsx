import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';
import { ErrorIcon } from '../../icons/icons';

/** Props shared by every labelled form field. */
export type FieldBaseProps = {
  /** Visible label (always present for accessibility; use hideLabel to hide it visually). */
  label: ReactNode;
  /** Helper text under the field. */
  hint?: ReactNode;
  /** Error text; when set the control gets aria-invalid and the text joins aria-describedby. */
  error?: ReactNode;
  /** Hide the label visually while keeping it for assistive technology. */
  hideLabel?: boolean;
  /** Class of the outer wrapper. */
  wrapperClassName?: string;
};

type FieldIdsInput = { id?: string; hint?: ReactNode; error?: ReactNode; describedBy?: string };

export type FieldIds = {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
};

function present(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

/** Computes the ids that tie a control to its label, hint and error. */
export function useFieldIds({ id, hint, error, describedBy }: FieldIdsInput): FieldIds {
  const inputId = useStableId(id);
  const hintId = present(hint) ? `${inputId}-hint` : undefined;
  const errorId = present(error) ? `${inputId}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return { inputId, hintId, errorId, describedBy: ids || undefined, invalid: present(error) };
}

type FieldFrameProps = {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/** Layout of a field: label, control, hint and error. Internal to the design system. */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  hideLabel,
  required,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={cx('pc-field', ids.invalid && 'pc-field--invalid', className)}>
      <label htmlFor={ids.inputId} className={cx('pc-field__label', hideLabel && 'pc-visually-hidden')}>
        {label}
        {required ? (
          <span className="pc-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {ids.hintId ? (
        <p id={ids.hintId} className="pc-field__hint">
          {hint}
        </p>
      ) : null}
      {ids.errorId ? (
        <p id={ids.errorId} className="pc-field__error">
          <ErrorIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
