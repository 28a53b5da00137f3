import { useRef, useState } from 'react';
import { Badge, Button, FormDialog, TimeInput } from '@pitclock/design-system';
import { readNumber } from '../../domain';
import { setContestClock, useCookDispatch, type Contest } from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { RUN_TEXT } from './messages';

/** '+3 min', '-1 min': how far the contest clock is from this phone's. */
export function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  return `${minutes > 0 ? '+' : ''}${minutes} min`;
}

/**
 * The contest clock (beyond SPEC.md): the team types the time the official clock shows, and every due
 * time, countdown and alert of this cook-off follows it; 'Use phone clock' goes back.
 */
export function ContestClock({ contest }: { contest: Contest }) {
  const dispatch = useCookDispatch();
  const offset = readNumber(contest.clock_offset_ms) ?? 0;
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);

  const save = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      await dispatch(setContestClock({ contest_id: contest.id, shown: value })).unwrap();
      setOpen(false);
    } catch (failure) {
      setError(operationMessage(failure, RUN_TEXT.contestClockFailed));
    }
    setBusy(false);
  };

  return (
    <div className="pc-run__contest-clock">
      {offset !== 0 ? (
        <>
          <Badge tone="info">{RUN_TEXT.contestClockOffset(offsetText(offset))}</Badge>
          <Button variant="ghost" onClick={() => void save('')}>
            {RUN_TEXT.usePhoneClock}
          </Button>
        </>
      ) : null}
      <Button variant="secondary" onClick={() => setOpen(true)}>
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
        // The typed text as it stands: Enter submits before the field has committed its value.
        onSubmit={() => void save(fieldRef.current?.value ?? '')}
      >
        <TimeInput
          ref={fieldRef}
          label={RUN_TEXT.contestClockLabel}
          hint={RUN_TEXT.contestClockHint}
          error={error ?? undefined}
        />
      </FormDialog>
    </div>
  );
}
