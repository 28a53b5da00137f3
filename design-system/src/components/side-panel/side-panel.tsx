import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';
import { CloseIcon } from '../../icons/icons';
import { DialogDepthContext, useModalBehaviour } from '../modal/use-modal-behaviour';

export type SidePanelProps = {
  open: boolean;
  onClose: () => void;
  /** Panel title; labels the dialog. */
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Edge the panel slides from. Default 'right'. */
  side?: 'left' | 'right';
  /** Width on larger screens (phones always use the full width). */
  size?: 'sm' | 'md' | 'lg';
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  closeOnBackdropClick?: boolean;
  className?: string;
  container?: Element | null;
};

/** Modal panel docked to a screen edge (navigation drawer, details, filters). */
export function SidePanel({
  open,
  onClose,
  title,
  children,
  footer,
  side = 'right',
  size = 'md',
  initialFocusRef,
  closeLabel = 'Close',
  closeOnBackdropClick = true,
  className,
  container,
}: SidePanelProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = `${useStableId()}-title`;
  const { onKeyDown, depth } = useModalBehaviour({ open, onClose, dialogRef, initialFocusRef });

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <DialogDepthContext.Provider value={depth}>
      <div className={cx('pc-overlay', `pc-overlay--${side}`)}>
        <div
          className="pc-overlay__backdrop"
          aria-hidden="true"
          onClick={closeOnBackdropClick ? onClose : undefined}
        />
        {/* The dialog closes on Escape and keeps Tab inside itself: keys bubble to it from its content. */}
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
        <div
          ref={dialogRef}
          onKeyDown={onKeyDown}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={cx('pc-side-panel', `pc-side-panel--${side}`, `pc-side-panel--${size}`, className)}
        >
          {/* Not <header>/<footer>: inside a dialog they would be a second banner and contentinfo. */}
          <div className="pc-modal__header">
            <h2 id={titleId} className="pc-modal__title">
              {title}
            </h2>
            <button type="button" className="pc-modal__close" aria-label={closeLabel} onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <div className="pc-modal__body" data-pc-dialog-body="">
            {children}
          </div>
          {footer ? <div className="pc-modal__footer">{footer}</div> : null}
        </div>
      </div>
    </DialogDepthContext.Provider>,
    container ?? document.body,
  );
}
