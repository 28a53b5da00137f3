import { useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePromoCodeRequest, type CreatePromoCode } from '@pitclock/contracts/schemas';
import { Banner, Button, NumberField, TextField } from '@pitclock/design-system';
import type { AdminError } from '../../store';
import { accessText } from './access-text';
import { PROMO_CODES_TEXT as T } from './messages';
import { useCreatePromoCodeMutation } from './promo-codes-api';
import {
  EMPTY_PROMO_FORM,
  fieldOfError,
  localDateTimeToIso,
  toCreateBody,
  type PromoField,
} from './promo-form';

const TITLE_ID = 'admin-promo-create-title';

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * The create form of SPEC.md section 2 (code, max_uses, license_days, expires_at): checked with the
 * server's own rules on Create; a field's error goes once that field is edited. The server's refusals show
 * beside their field, or in a red banner. Enter submits; a created code clears the form (the list
 * refetches itself) and puts the cursor back in Code.
 */
export function CreatePromoForm() {
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [create, { isLoading }] = useCreatePromoCodeMutation();
  const { register, control, handleSubmit, reset, setError, clearErrors, setFocus, formState } = useForm<
    CreatePromoCodeRequest,
    unknown,
    CreatePromoCode
  >({
    resolver: zodResolver(CreatePromoCodeRequest),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: EMPTY_PROMO_FORM,
  });
  const { errors } = formState;

  const edited = (field: PromoField) => {
    clearErrors(field);
    setCreated(null);
  };
  const code = register('code', { onChange: () => edited('code') });
  const expiresAt = register('expires_at', {
    onChange: () => edited('expires_at'),
    setValueAs: (value: string) => localDateTimeToIso(value),
  });

  const refused = (error: AdminError) => {
    const field = fieldOfError(error);
    if (field) setError(field, { message: error.message });
    else setFailure(accessText(error) ?? error.message);
  };

  const send = async (values: CreatePromoCode) => {
    const result = await create(toCreateBody(values));
    if ('error' in result) {
      refused(result.error as AdminError);
      return;
    }
    reset();
    setCreated(result.data.code);
    setFocus('code');
  };

  return (
    <form
      className="admin-panel"
      aria-labelledby={TITLE_ID}
      onSubmit={(event) => {
        setFailure(null);
        setCreated(null);
        void handleSubmit(send)(event);
      }}
      noValidate
    >
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.createTitle}
      </h2>
      <div className="admin-form-grid">
        <TextField
          label={T.codeLabel}
          hint={T.codeHint}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="admin-promo__code-input"
          error={errors.code?.message}
          {...code}
          // Shown as it is saved: in capitals.
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            event.target.value = event.target.value.toUpperCase();
            void code.onChange(event);
          }}
        />
        <Controller
          control={control}
          name="max_uses"
          render={({ field: { onChange, value, ...field }, fieldState }) => (
            <NumberField
              label={T.maxUsesLabel}
              hint={T.maxUsesHint}
              min={0}
              step={1}
              {...field}
              value={numberOrNull(value)}
              error={fieldState.error?.message}
              onValueChange={(maxUses) => {
                onChange(maxUses);
                edited('max_uses');
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="license_days"
          render={({ field: { onChange, value, ...field }, fieldState }) => (
            <NumberField
              label={T.licenseDaysLabel}
              hint={T.licenseDaysHint}
              min={1}
              step={1}
              {...field}
              value={numberOrNull(value)}
              error={fieldState.error?.message}
              onValueChange={(licenseDays) => {
                onChange(licenseDays);
                edited('license_days');
              }}
            />
          )}
        />
        <TextField
          label={T.expiresLabel}
          hint={T.expiresHint}
          type="datetime-local"
          error={errors.expires_at?.message}
          {...expiresAt}
        />
        {failure ? (
          <Banner tone="red" title={T.createFailed}>
            {failure}
          </Banner>
        ) : null}
        {created ? <Banner tone="green">{T.created(created)}</Banner> : null}
        <div className="admin-form-actions">
          <Button type="submit" loading={isLoading}>
            {T.create}
          </Button>
        </div>
      </div>
    </form>
  );
}
