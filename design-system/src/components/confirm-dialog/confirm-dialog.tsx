import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Modal } from '../modal/modal';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, and focus starts on Cancel. */
  destructive?: boolean;
  /** Shows a spinner on the confirm button and blocks both buttons. */
  busy?: boolean;
  onConfirm: () => void;
  /** Called on Cancel, Escape, the close button and a backdrop click. */
  onCancel: () => void;
};

/** Yes/no question built on Modal (role=alertdialog, size sm). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      description={message}
      size="sm"
      role="alertdialog"
      hideCloseButton
      closeOnBackdropClick={!busy}
      initialFocusRef={destructive ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={destructive ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={busy}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
