import { useState, type FormEvent } from 'react';
import { LICENSING_LIMITS } from '@pitclock/contracts/schemas';
import { Button, NumberField } from '@pitclock/design-system';
import { USERS_TEXT as T } from './messages';
import { failureNotice, RowNoticeText, type RowNotice } from './row-notice';
import { useAddUserCreditsMutation } from './users-api';

/** 'Enter an amount > 0' unless the amount is a whole number of at least 1 (and at most 1,000,000). */
export function checkAmount(amount: number | null): string | undefined {
  if (amount === null || !Number.isInteger(amount) || amount < 1) return T.amountPositive;
  if (amount > LICENSING_LIMITS.creditAmountMax) return T.amountTooLarge;
  return undefined;
}

/** Adds credits to one user: default 10, minimum 1; 'Credits added' once the server took them. */
export function AddCreditsForm({ userId }: { userId: number }) {
  const [amount, setAmount] = useState<number | null>(LICENSING_LIMITS.addCreditsDefault);
  const [notice, setNotice] = useState<RowNotice>();
  const [add, { isLoading }] = useAddUserCreditsMutation();
  const error = checkAmount(amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    if (error !== undefined || amount === null) return;
    try {
      await add({ userId, amount }).unwrap();
      setNotice({ tone: 'success', text: T.creditsAdded });
    } catch (failure) {
      setNotice(failureNotice(T.addCreditsFailed, failure));
    }
  };

  return (
    <form
      className="admin-users__add-credits"
      aria-label={T.addCredits}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="admin-form-row">
        <NumberField
          label={T.addCreditsLabel}
          min={1}
          max={LICENSING_LIMITS.creditAmountMax}
          step={1}
          value={amount}
          error={error}
          onValueChange={(value) => {
            setAmount(value);
            setNotice(undefined);
          }}
        />
        <Button type="submit" loading={isLoading}>
          {T.addCredits}
        </Button>
      </div>
      <RowNoticeText notice={notice} />
    </form>
  );
}
