import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Banner, FormDialog, Select, TextField, TimeInput } from '@pitclock/design-system';
import {
  addTemplate,
  FAILURE_MESSAGES,
  selectCategories,
  useCookDispatch,
  useCookSelector,
  type Template,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { timeInputBinding, unlessSubmitting } from '../../lib/form-fields';
import {
  categoryOptions,
  templateFormSchema,
  type TemplateFormInput,
  type TemplateFormValues,
} from './template-form';

export type AddTemplateModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated?: (template: Template) => void;
};

/** Add Template (SPEC.md section 5): name required and trimmed, category and turn-in time optional. */
export function AddTemplateModal({ open, onClose, onCreated }: AddTemplateModalProps) {
  return open ? <AddTemplateForm onClose={onClose} onCreated={onCreated} /> : null;
}

/** The name's error shows from the first submit on (which puts focus in the name), then follows the typing. */
function AddTemplateForm({ onClose, onCreated }: Omit<AddTemplateModalProps, 'open'>) {
  const dispatch = useCookDispatch();
  const categories = useCookSelector(selectCategories);
  const nameRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, control, handleSubmit, setFocus, formState } = useForm<
    TemplateFormInput,
    unknown,
    TemplateFormValues
  >({
    resolver: zodResolver(templateFormSchema),
    defaultValues: { name: '', category_id: '', turn_in_time: '' },
    shouldFocusError: false,
  });

  const name = register('name');

  const create = async (values: TemplateFormValues) => {
    setError(null);
    try {
      const created = await dispatch(addTemplate(values)).unwrap();
      onCreated?.(created);
      onClose();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.createTemplate));
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Add Template"
      initialFocusRef={nameRef}
      submitLabel="Create"
      busy={formState.isSubmitting}
      onSubmit={unlessSubmitting(
        formState.isSubmitting,
        handleSubmit(create, (errors) => {
          if (errors.name) setFocus('name');
        }),
      )}
      formClassName="pc-templates-form"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <TextField
        {...name}
        ref={(element) => {
          name.ref(element);
          nameRef.current = element;
        }}
        label="Name"
        required
        autoComplete="off"
        error={formState.errors.name?.message}
      />
      <Controller
        control={control}
        name="category_id"
        render={({ field }) => (
          <Select
            {...field}
            label="Category"
            placeholder="No category"
            options={categoryOptions(categories)}
          />
        )}
      />
      <Controller
        control={control}
        name="turn_in_time"
        render={({ field }) => (
          <TimeInput
            {...timeInputBinding(field)}
            label="Turn-in time"
            hint="Optional, HH:MM (24-hour or 7:30 PM)."
          />
        )}
      />
    </FormDialog>
  );
}
