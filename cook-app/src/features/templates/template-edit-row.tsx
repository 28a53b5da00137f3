import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, TextField, TimeInput } from '@pitclock/design-system';
import {
  FAILURE_MESSAGES,
  selectCategories,
  updateTemplate,
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

export type TemplateEditRowProps = {
  template: Template;
  onDone: () => void;
  onError: (message: string | null) => void;
};

/**
 * Inline edit of a template: name ('Name cannot be empty', shown as soon as the name is empty), category,
 * turn-in time; Enter saves, Escape cancels.
 */
export function TemplateEditRow({ template, onDone, onError }: TemplateEditRowProps) {
  const dispatch = useCookDispatch();
  const categories = useCookSelector(selectCategories);
  const { register, control, handleSubmit, trigger, setFocus, formState } = useForm<
    TemplateFormInput,
    unknown,
    TemplateFormValues
  >({
    resolver: zodResolver(templateFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: template.name,
      category_id: template.category_id ?? '',
      turn_in_time: template.turn_in_time ?? '',
    },
    shouldFocusError: false,
  });

  useEffect(() => {
    setFocus('name');
    void trigger();
  }, [setFocus, trigger]);

  const save = async (values: TemplateFormValues) => {
    try {
      await dispatch(updateTemplate({ id: template.id, ...values })).unwrap();
      onError(null);
      onDone();
    } catch (failure) {
      onError(operationMessage(failure, FAILURE_MESSAGES.updateTemplate));
    }
  };

  return (
    <form
      className="pc-templates-edit"
      aria-label={`Edit ${template.name}`}
      onSubmit={unlessSubmitting(formState.isSubmitting, handleSubmit(save))}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      noValidate
    >
      <TextField
        {...register('name')}
        label="Name"
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
        render={({ field }) => <TimeInput {...timeInputBinding(field)} label="Turn-in time" />}
      />
      <div className="pc-templates-edit__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
