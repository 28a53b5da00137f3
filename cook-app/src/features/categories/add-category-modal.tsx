import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Banner, Button, Modal, TextField } from '@pitclock/design-system';
import { validateCategoryName } from '../../domain';
import { addCategory, FAILURE_MESSAGES, useCookDispatch } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { CATEGORIES_TEXT } from './messages';

export type AddCategoryModalProps = {
  open: boolean;
  onClose: () => void;
};

const FORM_ID = 'pc-categories-add-form';

/**
 * Enter in a field submits. Done here rather than left to implicit submission because the Create button
 * sits in the modal footer, outside the form element, where not every environment finds it.
 */
function submitOnEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  if (!(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/** Add Category (SPEC.md sections 2 and 5): Name required and trimmed, Description optional. */
export function AddCategoryModal({ open, onClose }: AddCategoryModalProps) {
  return open ? <AddCategoryForm onClose={onClose} /> : null;
}

function AddCategoryForm({ onClose }: { onClose: () => void }) {
  const dispatch = useCookDispatch();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const validName = validateCategoryName(name, 'create');
  const nameError = submitted && !validName.ok ? validName.error : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validName.ok || busy) return;
    setBusy(true);
    setError(null);
    try {
      await dispatch(addCategory({ name: validName.value, description })).unwrap();
      onClose();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.createCategory));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={CATEGORIES_TEXT.add}
      size="sm"
      initialFocusRef={nameRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={busy}>
            Create
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="pc-categories-form"
        onSubmit={submit}
        onKeyDown={submitOnEnter}
        noValidate
      >
        {error ? <Banner tone="red">{error}</Banner> : null}
        <TextField
          ref={nameRef}
          label="Name"
          required
          value={name}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </form>
    </Modal>
  );
}
