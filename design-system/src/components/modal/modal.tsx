import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';
import { CloseIcon } from '../../icons/icons';
import { DialogDepthContext, useModalBehaviour } from './use-modal-behaviour';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

export type ModalProps = {
  open: boolean;
  /** Called on Escape, the close button and (unless disabled) a click on the backdrop. */
  onClose: () => void;
  /** Dialog title; labels the dialog. */
  title: ReactNode;
  /** Optional text under the title; describes the dialog. */
  description?: ReactNode;
  children?: ReactNode;
  /** Action row at the bottom (buttons). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Element focused on open (default: first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  hideCloseButton?: boolean;
  closeOnBackdropClick?: boolean;
  /** 'alertdialog' for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Where to render; defaults to document.body. */
  container?: Element | null;
};

/** Centred dialog rendered in a portal; on phones sizes below 'full' become bottom sheets. */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeLabel = 'Close',
  hideCloseButton = false,
  closeOnBackdropClick = true,
  role = 'dialog',
  className,
  container,
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const id = useStableId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  const { onKeyDown, depth } = useModalBehaviour({ open, onClose, dialogRef, initialFocusRef });

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <DialogDepthContext.Provider value={depth}>
      <div className="pc-overlay pc-overlay--center">
        <div
          className="pc-overlay__backdrop"
          aria-hidden="true"
          onClick={closeOnBackdropClick ? onClose : undefined}
        />
        <div
          ref={dialogRef}
          onKeyDown={onKeyDown}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          tabIndex={-1}
          className={cx('pc-modal', `pc-modal--${size}`, className)}
        >
          {/* Not <header>/<footer>: inside a dialog they would be a second banner and contentinfo. */}
          <div className="pc-modal__header">
            <h2 id={titleId} className="pc-modal__title">
              {title}
            </h2>
            {hideCloseButton ? null : (
              <button type="button" className="pc-modal__close" aria-label={closeLabel} onClick={onClose}>
                <CloseIcon />
              </button>
            )}
          </div>
          <div className="pc-modal__body" data-pc-dialog-body="">
            {description ? (
              <p id={descriptionId} className="pc-modal__description">
                {description}
              </p>
            ) : null}
            {children}
          </div>
          {footer ? <div className="pc-modal__footer">{footer}</div> : null}
        </div>
      </div>
    </DialogDepthContext.Provider>,
    container ?? document.body,
  );
}
