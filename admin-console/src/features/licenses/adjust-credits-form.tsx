import { useRef, useState, type FormEvent } from 'react';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { FailureBanner } from '../../lib/failure-banner';
import { parseAdjustment } from './adjustment';
import { useAdjustUserCreditsMutation } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

type Outcome = { ok: true } | { ok: false; error: unknown } | null;

/** A signed whole-number adjustment of one user's credits; the check shows beside the field. */
export function AdjustCreditsForm({ userId }: { userId: number }) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [adjust, { isLoading }] = useAdjustUserCreditsMutation();
  const fieldRef = useRef<HTMLInputElement>(null);
  const parsed = parseAdjustment(text);
  const fieldError = touched && !parsed.ok ? parsed.error : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setOutcome(null);
    if (!parsed.ok) {
      fieldRef.current?.focus();
      return;
    }
    try {
      await adjust({ user_id: userId, amount: parsed.amount }).unwrap();
      setText('');
      setTouched(false);
      setOutcome({ ok: true });
    } catch (error) {
      setOutcome({ ok: false, error });
    }
  };

  return (
    <form
      className="admin-licenses__adjust"
      aria-label={T.adjustTitle}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="admin-form-row">
        <TextField
          ref={fieldRef}
          label={T.adjustmentLabel}
          hint={T.adjustmentHint}
          error={fieldError}
          placeholder={T.adjustmentPlaceholder}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOutcome(null);
          }}
          onBlur={() => setTouched(text.trim() !== '' || touched)}
        />
        <Button type="submit" loading={isLoading}>
          {T.apply}
        </Button>
      </div>
      {outcome?.ok ? <Banner tone="green">{T.creditsUpdated}</Banner> : null}
      {outcome && !outcome.ok ? <FailureBanner title={T.adjustFailed} error={outcome.error} /> : null}
    </form>
  );
}
