import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { validateCategoryName } from '../../domain';
import { FAILURE_MESSAGES, updateCategory, useCookDispatch, type Category } from '../../store';
import { operationMessage } from '../../lib/operation-message';

export type CategoryEditFormProps = {
  category: Category;
  /** Called after a save and on Cancel or Escape. */
  onDone: () => void;
};

/** Inline edit of an own category: Name (not empty), Description, Save, Cancel; Escape cancels. */
export function CategoryEditForm({ category, onDone }: CategoryEditFormProps) {
  const dispatch = useCookDispatch();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(category.name);
  const [description, setDescription] = useState(category.description ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const validName = validateCategoryName(name, 'edit');

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!validName.ok || busy) return;
    setBusy(true);
    setError(null);
    try {
      await dispatch(updateCategory({ id: category.id, name: validName.value, description })).unwrap();
      onDone();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.saveCategory));
      setBusy(false);
    }
  };

  return (
    <form
      className="pc-categories-edit"
      aria-label={`Edit ${category.name}`}
      onSubmit={(event) => void save(event)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
      noValidate
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <TextField
        ref={nameRef}
        label="Name"
        required
        value={name}
        error={validName.ok ? undefined : validName.error}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      <div className="pc-categories-edit__actions">
        <Button type="submit" loading={busy} disabled={!validName.ok}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
