import { cloneElement, isValidElement, useEffect, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';

export type TooltipProps = {
  /** Tooltip text (describes the trigger through aria-describedby). */
  content: ReactNode;
  /** One focusable element, e.g. an IconButton. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  /** Delay before showing on hover, in ms. Focus shows at once. Default 300. */
  delayMs?: number;
  className?: string;
};

/**
 * Short description shown on hover and on keyboard focus; Escape hides it. The bubble stays while the
 * pointer is over it (WCAG 1.4.13). Not for essential information: phones have no hover.
 */
export function Tooltip({ content, children, placement = 'top', delayMs = 300, className }: TooltipProps) {
  const id = useStableId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hoverShown, setHoverShown] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (focused || hoverShown) && !dismissed;

  useEffect(() => {
    if (!hovered) return undefined;
    const timer = setTimeout(() => setHoverShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [hovered, delayMs]);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const trigger = isValidElement(children)
    ? cloneElement(children, {
        'aria-describedby': cx(children.props['aria-describedby'], id) || undefined,
      })
    : children;

  return (
    <span
      className={cx('pc-tooltip', className)}
      onMouseEnter={() => {
        setDismissed(false);
        setHovered(true);
      }}
      onMouseLeave={() => {
        setHovered(false);
        setHoverShown(false);
      }}
      onFocus={() => {
        setDismissed(false);
        setFocused(true);
      }}
      onBlur={() => setFocused(false)}
    >
      {trigger}
      <span
        role="tooltip"
        id={id}
        hidden={!open}
        className={cx('pc-tooltip__bubble', `pc-tooltip__bubble--${placement}`)}
      >
        {content}
      </span>
    </span>
  );
}
