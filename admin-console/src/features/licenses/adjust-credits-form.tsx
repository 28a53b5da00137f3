import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { FailureBanner } from '../../lib/failure-banner';
import { AdjustmentForm, type AdjustmentInput, type AdjustmentOutput } from './adjustment';
import { useAdjustUserCreditsMutation } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

type Outcome = { ok: true } | { ok: false; error: unknown } | null;

/**
 * A signed whole-number adjustment of one user's credits. The check shows beside the field once it has
 * been left with something typed, or on Apply (which then focuses the field), and follows every keystroke.
 */
export function AdjustCreditsForm({ userId }: { userId: number }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [adjust, { isLoading }] = useAdjustUserCreditsMutation();
  const { register, handleSubmit, reset, formState } = useForm<AdjustmentInput, unknown, AdjustmentOutput>({
    mode: 'onTouched',
    resolver: zodResolver(AdjustmentForm),
    defaultValues: { amount: '' },
  });
  const amount = register('amount', { onChange: () => setOutcome(null) });

  const apply = async ({ amount: change }: AdjustmentOutput) => {
    try {
      await adjust({ user_id: userId, amount: change }).unwrap();
      reset();
      setOutcome({ ok: true });
    } catch (error) {
      setOutcome({ ok: false, error });
    }
  };

  return (
    <form
      className="admin-licenses__adjust"
      aria-label={T.adjustTitle}
      onSubmit={(event) => {
        setOutcome(null);
        void handleSubmit(apply)(event);
      }}
      noValidate
    >
      <div className="admin-form-row">
        <TextField
          label={T.adjustmentLabel}
          hint={T.adjustmentHint}
          error={formState.errors.amount?.message}
          placeholder={T.adjustmentPlaceholder}
          autoComplete="off"
          {...amount}
          // Leaving the field empty is not a mistake yet.
          onBlur={(event) => {
            if (event.target.value.trim() !== '') void amount.onBlur(event);
          }}
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
