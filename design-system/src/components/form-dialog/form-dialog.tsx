import { useId, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '../button/button';
import { Modal, type ModalSize } from '../modal/modal';

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The submit event is already default-prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  cancelLabel?: string;
  /** While the submit is in progress: the button shows a spinner and ignores clicks. */
  busy?: boolean;
  submitDisabled?: boolean;
  size?: ModalSize;
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Class of the form element (the fields' layout). */
  formClassName?: string;
  children: ReactNode;
};

/**
 * Enter in a one-line field submits. Done by hand because the submit button sits in the dialog's
 * footer, outside the form element, where not every environment looks for a default button.
 */
function submitOnEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  if (!(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/** A dialog holding one form: its fields, then Cancel and the submit button in the footer. */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  submitLabel,
  cancelLabel = 'Cancel',
  busy = false,
  submitDisabled = false,
  size = 'md',
  initialFocusRef,
  formClassName,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      initialFocusRef={initialFocusRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={formClassName}
        noValidate
        onKeyDown={submitOnEnter}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
