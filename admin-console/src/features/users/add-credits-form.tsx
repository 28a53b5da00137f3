import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AddCreditsRequest, LICENSING_LIMITS } from '@pitclock/contracts/schemas';
import { Button, NumberField } from '@pitclock/design-system';
import { USERS_TEXT as T } from './messages';
import { failureNotice, RowNoticeText, type RowNotice } from './row-notice';
import { useAddUserCreditsMutation } from './users-api';

/**
 * Adds credits to one user: default 10, minimum 1; 'Credits added' once the server took them. The
 * server's rule ('Enter an amount > 0') shows as soon as the amount breaks it.
 */
export function AddCreditsForm({ userId }: { userId: number }) {
  const [notice, setNotice] = useState<RowNotice>();
  const [add, { isLoading }] = useAddUserCreditsMutation();
  const { control, handleSubmit } = useForm<z.input<typeof AddCreditsRequest>, unknown, AddCreditsRequest>({
    mode: 'onChange',
    resolver: zodResolver(AddCreditsRequest),
    defaultValues: { amount: LICENSING_LIMITS.addCreditsDefault },
  });

  const send = async ({ amount }: AddCreditsRequest) => {
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
      onSubmit={(event) => {
        setNotice(undefined);
        void handleSubmit(send)(event);
      }}
      noValidate
    >
      <div className="admin-form-row">
        <Controller
          control={control}
          name="amount"
          render={({ field: { onChange, value, ...field }, fieldState }) => (
            <NumberField
              label={T.addCreditsLabel}
              min={1}
              max={LICENSING_LIMITS.creditAmountMax}
              step={1}
              {...field}
              value={typeof value === 'number' ? value : null}
              error={fieldState.error?.message}
              onValueChange={(amount) => {
                onChange(amount);
                setNotice(undefined);
              }}
            />
          )}
        />
        <Button type="submit" loading={isLoading}>
          {T.addCredits}
        </Button>
      </div>
      <RowNoticeText notice={notice} />
    </form>
  );
}
