import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import { API_ERROR_CODES, errorField, errorText, isApiError } from '@pitclock/contracts';
import { CreateTeamRequest, JoinTeamRequest, type Team } from '@pitclock/contracts/schemas';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { unlessSubmitting } from '../../lib/form-fields';
import { TEAM_TEXT } from './messages';
import { createTeam, joinTeam } from './teams-api';

type CreateInput = z.input<typeof CreateTeamRequest>;
type CreateValues = z.output<typeof CreateTeamRequest>;
type JoinInput = z.input<typeof JoinTeamRequest>;
type JoinValues = z.output<typeof JoinTeamRequest>;

/** Where a refusal of the server goes: beside one of the form's fields, or in the form's banner. */
export type Refusal<F extends string> = { field?: F; message: string };

/** The join codes that are about the invite code, with the text shown beside it. */
const CODE_REFUSALS: Record<string, string> = {
  [API_ERROR_CODES.teamInviteInvalid]: TEAM_TEXT.inviteInvalid,
  [API_ERROR_CODES.alreadyTeamMember]: TEAM_TEXT.alreadyMember,
  [API_ERROR_CODES.teamFull]: TEAM_TEXT.teamFull,
};

/**
 * Where a failed create or join is shown, by the machine code (never the text): an invite the server
 * refuses beside the code, a rule of one input beside that input, anything else in the form's banner.
 */
export function refusalOf<F extends string>(
  failure: unknown,
  fields: readonly F[],
  fallback: string,
): Refusal<F> {
  const code = isApiError(failure) ? failure.code : undefined;
  if (code !== undefined && code in CODE_REFUSALS && (fields as readonly string[]).includes('code'))
    return { field: 'code' as F, message: CODE_REFUSALS[code]! };
  if (code === API_ERROR_CODES.tooManyTeams) return { message: TEAM_TEXT.tooManyTeams };
  const field = errorField(failure);
  const message = errorText(failure, fallback);
  return field !== undefined && (fields as readonly string[]).includes(field)
    ? { field: field as F, message }
    : { message };
}

export type TeamFormProps = {
  /** The account's name ('' while unknown). */
  memberName: string;
  /** After the server created or joined the team. */
  onDone: (team: Team) => void;
  /** A smaller heading (the "another team" section). */
  headingLevel?: 2 | 3;
};

/** "Create a team": its name and your name in it. */
export function CreateTeamForm({ memberName, onDone, headingLevel = 2 }: TeamFormProps) {
  const titleId = useId();
  const form = useForm<CreateInput, unknown, CreateValues>({
    resolver: zodResolver(CreateTeamRequest),
    defaultValues: { name: '', member_name: memberName },
  });
  const { register, handleSubmit, formState, setError, reset, getValues, getFieldState, setValue } = form;
  const [banner, setBanner] = useState<string | null>(null);
  // The account's name arrives after the form: it fills the field unless the user typed one.
  useEffect(() => {
    if (memberName !== '' && !getFieldState('member_name').isDirty) setValue('member_name', memberName);
  }, [memberName, getFieldState, setValue]);

  const submit = async (values: CreateValues) => {
    setBanner(null);
    try {
      const team = await createTeam(values);
      reset({ name: '', member_name: getValues('member_name') });
      onDone(team);
    } catch (failure) {
      const refusal = refusalOf(failure, ['name', 'member_name'] as const, TEAM_TEXT.createFailed);
      if (refusal.field) setError(refusal.field, { message: refusal.message });
      else setBanner(refusal.message);
    }
  };
  const Heading = `h${headingLevel}` as const;

  return (
    <form
      className="pc-team-form"
      aria-labelledby={titleId}
      onSubmit={unlessSubmitting(formState.isSubmitting, handleSubmit(submit))}
      noValidate
    >
      <Heading id={titleId} className="pc-team-form__title">
        {TEAM_TEXT.createTitle}
      </Heading>
      {banner ? <Banner tone="red">{banner}</Banner> : null}
      <TextField
        {...register('name')}
        label={TEAM_TEXT.teamNameLabel}
        autoComplete="off"
        required
        error={formState.errors.name?.message}
      />
      <TextField
        {...register('member_name')}
        label={TEAM_TEXT.memberNameLabel}
        hint={TEAM_TEXT.memberNameHint}
        autoComplete="name"
        error={formState.errors.member_name?.message}
      />
      <div className="pc-team-form__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          {TEAM_TEXT.create}
        </Button>
      </div>
    </form>
  );
}

/** An invite code as typed or pasted: capitals, no spaces. */
export const normaliseInviteCode = (text: string) => text.replace(/\s+/g, '').toUpperCase();

export type JoinTeamFormProps = TeamFormProps & {
  /** A code to start with (the join link's ?code=). */
  initialCode?: string;
};

/** "Join a team": the invite code (8 characters, any case) and your name in the team. */
export function JoinTeamForm({ memberName, onDone, headingLevel = 2, initialCode = '' }: JoinTeamFormProps) {
  const titleId = useId();
  const form = useForm<JoinInput, unknown, JoinValues>({
    resolver: zodResolver(JoinTeamRequest),
    defaultValues: { code: normaliseInviteCode(initialCode), member_name: memberName },
  });
  const { register, control, handleSubmit, formState, setError, reset, getValues, getFieldState, setValue } =
    form;
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => {
    if (memberName !== '' && !getFieldState('member_name').isDirty) setValue('member_name', memberName);
  }, [memberName, getFieldState, setValue]);

  const submit = async (values: JoinValues) => {
    setBanner(null);
    try {
      const team = await joinTeam(values);
      reset({ code: '', member_name: getValues('member_name') });
      onDone(team);
    } catch (failure) {
      const refusal = refusalOf(failure, ['code', 'member_name'] as const, TEAM_TEXT.joinFailed);
      if (refusal.field) setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
      else setBanner(refusal.message);
    }
  };
  const Heading = `h${headingLevel}` as const;

  return (
    <form
      className="pc-team-form"
      aria-labelledby={titleId}
      onSubmit={unlessSubmitting(formState.isSubmitting, handleSubmit(submit))}
      noValidate
    >
      <Heading id={titleId} className="pc-team-form__title">
        {TEAM_TEXT.joinTitle}
      </Heading>
      {banner ? <Banner tone="red">{banner}</Banner> : null}
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <TextField
            {...field}
            onChange={(event) => field.onChange(normaliseInviteCode(event.target.value))}
            label={TEAM_TEXT.codeLabel}
            hint={TEAM_TEXT.codeHint}
            className="pc-team-form__code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            error={formState.errors.code?.message}
          />
        )}
      />
      <TextField
        {...register('member_name')}
        label={TEAM_TEXT.memberNameLabel}
        hint={TEAM_TEXT.memberNameHint}
        autoComplete="name"
        error={formState.errors.member_name?.message}
      />
      <div className="pc-team-form__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          {TEAM_TEXT.join}
        </Button>
      </div>
    </form>
  );
}
