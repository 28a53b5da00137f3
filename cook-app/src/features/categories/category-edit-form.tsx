import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { categoryNameSchema } from '../../domain';
import { FAILURE_MESSAGES, updateCategory, useCookDispatch, type Category } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { unlessSubmitting } from '../../lib/form-fields';

const categoryEditSchema = z.object({ name: categoryNameSchema, description: z.string() });
type CategoryEditValues = z.output<typeof categoryEditSchema>;

export type CategoryEditFormProps = {
  category: Category;
  /** Called after a save and on Cancel or Escape. */
  onDone: () => void;
};

/**
 * Inline edit of an own category: Name (not empty), Description, Save, Cancel; Escape cancels. The name's
 * error shows as soon as the name is empty, and Save is disabled meanwhile.
 */
export function CategoryEditForm({ category, onDone }: CategoryEditFormProps) {
  const dispatch = useCookDispatch();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, trigger, setFocus, formState } = useForm<
    z.input<typeof categoryEditSchema>,
    unknown,
    CategoryEditValues
  >({
    resolver: zodResolver(categoryEditSchema),
    mode: 'onChange',
    defaultValues: { name: category.name, description: category.description ?? '' },
    shouldFocusError: false,
  });
  const nameError = formState.errors.name?.message;

  useEffect(() => {
    setFocus('name');
    void trigger();
  }, [setFocus, trigger]);

  const save = async (values: CategoryEditValues) => {
    setError(null);
    try {
      await dispatch(updateCategory({ id: category.id, ...values })).unwrap();
      onDone();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.saveCategory));
    }
  };

  return (
    <form
      className="pc-categories-edit"
      aria-label={`Edit ${category.name}`}
      onSubmit={unlessSubmitting(formState.isSubmitting, handleSubmit(save))}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
      noValidate
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <TextField {...register('name')} label="Name" required error={nameError} />
      <TextField {...register('description')} label="Description" />
      <div className="pc-categories-edit__actions">
        <Button type="submit" loading={formState.isSubmitting} disabled={nameError !== undefined}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
