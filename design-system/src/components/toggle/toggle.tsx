import { useState } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';

export type ToggleProps = Omit<ComponentPropsWithRef<'button'>, 'onChange' | 'children' | 'role' | 'type'> & {
  /** Visible label; also the switch's accessible name. */
  label: ReactNode;
  /** Optional extra text under the label (joins aria-describedby). */
  description?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  wrapperClassName?: string;
};

/** On/off switch (role=switch). Space or Enter toggles; the whole row is clickable. */
export function Toggle({
  label,
  description,
  checked,
  defaultChecked = false,
  onCheckedChange,
  hideLabel = false,
  wrapperClassName,
  className,
  id,
  disabled,
  onClick,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: ToggleProps) {
  const switchId = useStableId(id);
  const labelId = `${switchId}-label`;
  const descriptionId = description ? `${switchId}-description` : undefined;
  const [uncontrolled, setUncontrolled] = useState(defaultChecked);
  const isOn = checked ?? uncontrolled;
  const describedBy = [ariaDescribedBy, descriptionId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx('pc-toggle', disabled && 'pc-toggle--disabled', wrapperClassName)}>
      <span className="pc-toggle__text">
        <label
          id={labelId}
          htmlFor={switchId}
          className={cx('pc-toggle__label', hideLabel && 'pc-visually-hidden')}
        >
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="pc-toggle__description">
            {description}
          </span>
        ) : null}
      </span>
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        disabled={disabled}
        className={cx('pc-toggle__switch', className)}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          const next = !isOn;
          if (checked === undefined) setUncontrolled(next);
          onCheckedChange?.(next);
        }}
        {...rest}
      >
        <span className="pc-toggle__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
