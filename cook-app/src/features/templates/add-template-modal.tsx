import { useRef, useState } from 'react';
import { Banner, FormDialog, Select, TextField, TimeInput } from '@pitclock/design-system';
import { validateTemplateName } from '../../domain';
import {
  addTemplate,
  FAILURE_MESSAGES,
  selectCategories,
  useCookDispatch,
  useCookSelector,
  type Template,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { categoryOptions, readTurnIn, TURN_IN_FIELD } from './template-form';

export type AddTemplateModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated?: (template: Template) => void;
};

/** Add Template (SPEC.md section 5): name required and trimmed, category and turn-in time optional. */
export function AddTemplateModal({ open, onClose, onCreated }: AddTemplateModalProps) {
  return open ? <AddTemplateForm onClose={onClose} onCreated={onCreated} /> : null;
}

function AddTemplateForm({ onClose, onCreated }: Omit<AddTemplateModalProps, 'open'>) {
  const dispatch = useCookDispatch();
  const categories = useCookSelector(selectCategories);
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const validName = validateTemplateName(name);
  const nameError = submitted && !validName.ok ? validName.error : undefined;

  const create = async (form: HTMLFormElement) => {
    setSubmitted(true);
    const turnIn = readTurnIn(form);
    if (!validName.ok) nameRef.current?.focus();
    if (!validName.ok || turnIn === undefined || busy) return;
    setBusy(true);
    setError(null);
    try {
      const created = await dispatch(
        addTemplate({ name: validName.value, category_id: categoryId || null, turn_in_time: turnIn }),
      ).unwrap();
      onCreated?.(created);
      onClose();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.createTemplate));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Add Template"
      initialFocusRef={nameRef}
      submitLabel="Create"
      busy={busy}
      onSubmit={(event) => void create(event.currentTarget)}
      formClassName="pc-templates-form"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <TextField
        ref={nameRef}
        label="Name"
        required
        autoComplete="off"
        value={name}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <Select
        label="Category"
        value={categoryId}
        placeholder="No category"
        options={categoryOptions(categories)}
        onChange={(event) => setCategoryId(event.target.value)}
      />
      <TimeInput label="Turn-in time" hint="Optional, HH:MM (24-hour or 7:30 PM)." name={TURN_IN_FIELD} />
    </FormDialog>
  );
}
