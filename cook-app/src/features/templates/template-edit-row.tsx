import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Button, Select, TextField, TimeInput } from '@pitclock/design-system';
import {
  FAILURE_MESSAGES,
  selectCategories,
  updateTemplate,
  useCookDispatch,
  useCookSelector,
  type Template,
} from '../../store';
import { shareTemplate } from '../../store';
import { shareTeamSchema } from '../../domain';
import { operationMessage } from '../../lib/operation-message';
import { timeInputBinding, unlessSubmitting } from '../../lib/form-fields';
import { ShareWithTeamField } from '../../lib/teams/share-with-team-field';
import { useTeams } from '../../lib/teams/teams-source';
import { categoryOptions, templateFormSchema } from './template-form';

/** The edit form: the template's fields and the team it is shared with ('' for none). */
const editSchema = z.extend(templateFormSchema, { team_id: shareTeamSchema });
type EditInput = z.input<typeof editSchema>;
type EditValues = z.output<typeof editSchema>;

export type TemplateEditRowProps = {
  template: Template;
  onDone: () => void;
  onError: (message: string | null) => void;
};

/**
 * Inline edit of a template: name ('Name cannot be empty', shown as soon as the name is empty), category,
 * turn-in time, Share with team; Enter saves, Escape cancels.
 */
export function TemplateEditRow({ template, onDone, onError }: TemplateEditRowProps) {
  const dispatch = useCookDispatch();
  const categories = useCookSelector(selectCategories);
  const teams = useTeams();
  const { register, control, handleSubmit, trigger, setFocus, formState } = useForm<
    EditInput,
    unknown,
    EditValues
  >({
    resolver: zodResolver(editSchema),
    mode: 'onChange',
    defaultValues: {
      name: template.name,
      category_id: template.category_id ?? '',
      turn_in_time: template.turn_in_time ?? '',
      team_id: template.team_id ?? '',
    },
    shouldFocusError: false,
  });

  useEffect(() => {
    setFocus('name');
    void trigger();
  }, [setFocus, trigger]);

  const save = async ({ team_id, ...values }: EditValues) => {
    try {
      await dispatch(updateTemplate({ id: template.id, ...values })).unwrap();
      await dispatch(shareTemplate({ id: template.id, team_id })).unwrap();
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
      <Controller
        control={control}
        name="team_id"
        render={({ field }) => <ShareWithTeamField {...field} teams={teams} />}
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
