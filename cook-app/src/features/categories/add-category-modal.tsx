import { useRef, useState } from 'react';
import { Banner, FormDialog, TextField } from '@pitclock/design-system';
import { validateCategoryName } from '../../domain';
import { addCategory, FAILURE_MESSAGES, useCookDispatch } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { CATEGORIES_TEXT } from './messages';

export type AddCategoryModalProps = {
  open: boolean;
  onClose: () => void;
};

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

  const submit = async () => {
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
    <FormDialog
      open
      onClose={onClose}
      title={CATEGORIES_TEXT.add}
      size="sm"
      initialFocusRef={nameRef}
      submitLabel="Create"
      busy={busy}
      onSubmit={() => void submit()}
      formClassName="pc-categories-form"
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
    </FormDialog>
  );
}
