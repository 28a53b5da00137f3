import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Select, TextField, TimeInput } from '@pitclock/design-system';
import { validateTemplateName } from '../../domain';
import {
  FAILURE_MESSAGES,
  selectCategories,
  updateTemplate,
  useCookDispatch,
  useCookSelector,
  type Template,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { categoryOptions, readTurnIn, TURN_IN_FIELD } from './template-form';

export type TemplateEditRowProps = {
  template: Template;
  onDone: () => void;
  onError: (message: string | null) => void;
};

/** Inline edit of a template: name ('Name cannot be empty'), category, turn-in time; Enter saves, Escape cancels. */
export function TemplateEditRow({ template, onDone, onError }: TemplateEditRowProps) {
  const dispatch = useCookDispatch();
  const categories = useCookSelector(selectCategories);
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(template.name);
  const [categoryId, setCategoryId] = useState(template.category_id ?? '');
  const [busy, setBusy] = useState(false);
  const validName = validateTemplateName(name);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const turnIn = readTurnIn(event.currentTarget);
    if (!validName.ok || turnIn === undefined || busy) return;
    setBusy(true);
    try {
      await dispatch(
        updateTemplate({
          id: template.id,
          name: validName.value,
          category_id: categoryId || null,
          turn_in_time: turnIn,
        }),
      ).unwrap();
      onError(null);
      onDone();
    } catch (failure) {
      onError(operationMessage(failure, FAILURE_MESSAGES.updateTemplate));
      setBusy(false);
    }
  };

  return (
    <form
      className="pc-templates-edit"
      aria-label={`Edit ${template.name}`}
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      noValidate
    >
      <TextField
        ref={nameRef}
        label="Name"
        autoComplete="off"
        value={name}
        error={validName.ok ? undefined : validName.error}
        onChange={(event) => setName(event.target.value)}
      />
      <Select
        label="Category"
        value={categoryId}
        placeholder="No category"
        options={categoryOptions(categories)}
        onChange={(event) => setCategoryId(event.target.value)}
      />
      <TimeInput label="Turn-in time" name={TURN_IN_FIELD} defaultValue={template.turn_in_time ?? ''} />
      <div className="pc-templates-edit__actions">
        <Button type="submit" loading={busy}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
