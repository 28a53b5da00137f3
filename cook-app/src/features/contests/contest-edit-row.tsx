import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@pitclock/design-system';
import { contestSchema, type ContestFormInput, type ContestValues } from '../../domain';
import { updateContest, useCookDispatch, type Contest, type SanctioningBody } from '../../store';
import { shareContest } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { unlessSubmitting } from '../../lib/form-fields';
import { ShareWithTeamField } from '../../lib/teams/share-with-team-field';
import { useTeams, type TeamsView } from '../../lib/teams/teams-source';
import { ContestFields, contestFormValues } from './contest-fields';

export type ContestEditRowProps = {
  /** The form's id (the row's Edit button controls it). */
  id?: string;
  contest: Contest;
  bodies: readonly SanctioningBody[];
  /** Today's date (YYYY-MM-DD) in the device's time zone: the date of a cook-off whose date is cleared. */
  today: string;
  onDone: () => void;
  onError: (message: string | null) => void;
  /** The account's teams as known: the "Share with team" choices. */
  teams: TeamsView;
};

/**
 * Inline edit of a cook-off row, shown under the row: date, name, sanctioning body, location, walk time
 * 0-20, Share with team, Save, Cancel; Enter saves, Escape cancels. The name's error shows as soon as the
 * name is empty; Save is disabled without a name or a sanctioning body.
 */
export function ContestEditRow({ id, contest, bodies, today, onDone, onError, teams }: ContestEditRowProps) {
  // The share choices are read when the form opens.
  useTeams();
  const dispatch = useCookDispatch();
  const schema = useMemo(() => contestSchema(today), [today]);
  const form = useForm<ContestFormInput, unknown, ContestValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: contestFormValues(today, contest),
    shouldFocusError: false,
  });
  // Kept beside the form (whose fields the add modal shares): the select only offers valid choices, and
  // the store checks the team id again.
  const [teamId, setTeamId] = useState(contest.team_id ?? '');
  const { errors, isSubmitting } = form.formState;
  const { trigger, setFocus } = form;

  useEffect(() => {
    setFocus('name');
    void trigger();
  }, [setFocus, trigger]);

  const save = async (values: ContestValues) => {
    try {
      await dispatch(updateContest({ id: contest.id, ...values })).unwrap();
      await dispatch(shareContest({ id: contest.id, team_id: teamId === '' ? null : teamId })).unwrap();
      onError(null);
      onDone();
    } catch (failure) {
      onError(operationMessage(failure, 'Failed to save cook-off'));
    }
  };

  return (
    <form
      id={id}
      className="pc-contests-edit"
      aria-label={`Edit ${contest.name}`}
      onSubmit={unlessSubmitting(isSubmitting, form.handleSubmit(save))}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
      noValidate
    >
      <ContestFields form={form} bodies={bodies} />
      <ShareWithTeamField name="team_id" value={teamId} onChange={setTeamId} teams={teams} />
      <div className="pc-contests-edit__actions">
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={Boolean(errors.name ?? errors.sanctioning_body_id)}
        >
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
