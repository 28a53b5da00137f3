import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Banner, Button, Modal, Select, TextField, TimeInput } from '@pitclock/design-system';
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

const FORM_ID = 'pc-templates-add-form';

/** Add Template (SPEC.md section 5): name required and trimmed, category and turn-in time optional. */
export function AddTemplateModal({ open, onClose, onCreated }: AddTemplateModalProps) {
  return open ? <AddTemplateForm onClose={onClose} onCreated={onCreated} /> : null;
}

/** Enter in a text field submits (the Create button sits outside the form, in the dialog's footer). */
function isSubmitKey(event: KeyboardEvent<HTMLFormElement>) {
  return event.key === 'Enter' && event.target instanceof HTMLInputElement && !event.nativeEvent.isComposing;
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void create(event.currentTarget);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!isSubmitKey(event)) return;
    event.preventDefault();
    void create(event.currentTarget);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Add Template"
      size="md"
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
      <form id={FORM_ID} className="pc-templates-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
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
      </form>
    </Modal>
  );
}
