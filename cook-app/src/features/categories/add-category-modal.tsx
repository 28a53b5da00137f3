import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Banner, FormDialog, TextField } from '@pitclock/design-system';
import { newCategoryNameSchema } from '../../domain';
import { addCategory, FAILURE_MESSAGES, useCookDispatch } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { unlessSubmitting } from '../../lib/form-fields';
import { CATEGORIES_TEXT } from './messages';

const addCategorySchema = z.object({ name: newCategoryNameSchema, description: z.string() });
type AddCategoryValues = z.output<typeof addCategorySchema>;

export type AddCategoryModalProps = {
  open: boolean;
  onClose: () => void;
};

/** Add Category (SPEC.md sections 2 and 5): Name required and trimmed, Description optional. */
export function AddCategoryModal({ open, onClose }: AddCategoryModalProps) {
  return open ? <AddCategoryForm onClose={onClose} /> : null;
}

/** The name's error shows from the first submit on, then follows what is typed. */
function AddCategoryForm({ onClose }: { onClose: () => void }) {
  const dispatch = useCookDispatch();
  const nameRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof addCategorySchema>,
    unknown,
    AddCategoryValues
  >({
    resolver: zodResolver(addCategorySchema),
    defaultValues: { name: '', description: '' },
    shouldFocusError: false,
  });

  const name = register('name');

  const create = async (values: AddCategoryValues) => {
    setError(null);
    try {
      await dispatch(addCategory(values)).unwrap();
      onClose();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.createCategory));
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
      busy={formState.isSubmitting}
      onSubmit={unlessSubmitting(formState.isSubmitting, handleSubmit(create))}
      formClassName="pc-categories-form"
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
        error={formState.errors.name?.message}
      />
      <TextField {...register('description')} label="Description" />
    </FormDialog>
  );
}
