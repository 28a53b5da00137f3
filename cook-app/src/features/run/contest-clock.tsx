import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Badge, Button, FormDialog, TimeInput } from '@pitclock/design-system';
import { contestClockTimeSchema, readNumber } from '../../domain';
import { setContestClock, useCookDispatch, type Contest } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { timeInputBinding, unlessSubmitting } from '../../lib/form-fields';
import { RUN_TEXT } from './messages';

const contestClockSchema = z.object({ shown: contestClockTimeSchema });
type ContestClockValues = z.output<typeof contestClockSchema>;

/** '+3 min', '-1 min': how far the contest clock is from this phone's. */
export function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  return `${minutes > 0 ? '+' : ''}${minutes} min`;
}

/**
 * The contest clock (beyond SPEC.md): the team types the time the official clock shows, and every due
 * time, countdown and alert of this cook-off follows it; 'Use phone clock' goes back. A time that cannot be
 * read, or a refusal of the store, shows beside the field until the next save; the dialog opens empty.
 */
export function ContestClock({ contest }: { contest: Contest }) {
  const dispatch = useCookDispatch();
  const offset = readNumber(contest.clock_offset_ms) ?? 0;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, clearErrors, setError, resetField, formState } = useForm<
    z.input<typeof contestClockSchema>,
    unknown,
    ContestClockValues
  >({
    resolver: zodResolver(contestClockSchema),
    defaultValues: { shown: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const save = async (shown: string | null) => {
    setBusy(true);
    clearErrors();
    try {
      await dispatch(setContestClock({ contest_id: contest.id, shown })).unwrap();
      setOpen(false);
    } catch (failure) {
      setError('shown', { message: operationMessage(failure, RUN_TEXT.contestClockFailed) });
    }
    setBusy(false);
  };

  return (
    <div className="pc-run__contest-clock">
      {offset !== 0 ? (
        <>
          <Badge tone="info">{RUN_TEXT.contestClockOffset(offsetText(offset))}</Badge>
          <Button variant="ghost" onClick={() => void save(null)}>
            {RUN_TEXT.usePhoneClock}
          </Button>
        </>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => {
          resetField('shown', { keepError: true });
          setOpen(true);
        }}
      >
        {RUN_TEXT.setContestClock}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={RUN_TEXT.setContestClock}
        size="sm"
        initialFocusRef={fieldRef}
        submitLabel={RUN_TEXT.save}
        busy={busy}
        onSubmit={unlessSubmitting(
          busy,
          handleSubmit(({ shown }) => save(shown)),
        )}
      >
        <Controller
          control={control}
          name="shown"
          render={({ field }) => (
            <TimeInput
              {...timeInputBinding(field)}
              ref={(element) => {
                field.ref(element);
                fieldRef.current = element;
              }}
              label={RUN_TEXT.contestClockLabel}
              hint={RUN_TEXT.contestClockHint}
              error={formState.errors.shown?.message}
            />
          )}
        />
      </FormDialog>
    </div>
  );
}
