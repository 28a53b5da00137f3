import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Banner, FormDialog } from '@pitclock/design-system';
import { canCreateContest, contestSchema, type ContestFormInput, type ContestValues } from '../../domain';
import { addContest, selectSanctioningBodies, useCookDispatch, useCookSelector } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { unlessSubmitting } from '../../lib/form-fields';
import { ContestFields, contestFormValues } from './contest-fields';

export type AddContestModalProps = {
  open: boolean;
  onClose: () => void;
  /** Today's date (YYYY-MM-DD) in the device's time zone: the default date. */
  today: string;
  onCreated?: (id: string) => void;
};

/** Add Cook-off (SPEC.md section 2 and 5): Date, Name, Sanctioning Body, Location, Walk Time Adjustment. */
export function AddContestModal({ open, onClose, today, onCreated }: AddContestModalProps) {
  return open ? <AddContestForm onClose={onClose} today={today} onCreated={onCreated} /> : null;
}

/** The name's error shows once the name was left (or on Enter), then follows the typing. */
function AddContestForm({ onClose, today, onCreated }: Omit<AddContestModalProps, 'open'>) {
  const dispatch = useCookDispatch();
  const bodies = useCookSelector(selectSanctioningBodies);
  const schema = useMemo(() => contestSchema(today), [today]);
  const form = useForm<ContestFormInput, unknown, ContestValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: contestFormValues(today),
    shouldFocusError: false,
  });
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const values = useWatch({ control: form.control });

  const create = async (values: ContestValues) => {
    setError(null);
    try {
      const created = await dispatch(addContest(values)).unwrap();
      onCreated?.(created.id);
      onClose();
    } catch (failure) {
      setError(operationMessage(failure, 'Failed to create cook-off'));
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Add Cook-off"
      submitLabel="Create"
      submitDisabled={!canCreateContest(values)}
      busy={busy}
      onSubmit={unlessSubmitting(busy, form.handleSubmit(create))}
      formClassName="pc-contests-form"
    >
      {error ? <Banner tone="red">{error}</Banner> : null}
      <ContestFields form={form} bodies={bodies} />
    </FormDialog>
  );
}
