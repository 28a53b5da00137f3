import { useRef, useState, type FormEvent } from 'react';
import { Banner, Button, NumberField, TextField } from '@pitclock/design-system';
import type { AdminError } from '../../store';
import { accessText } from './access-text';
import { PROMO_CODES_TEXT as T } from './messages';
import { useCreatePromoCodeMutation } from './promo-codes-api';
import {
  EMPTY_DRAFT,
  fieldOfError,
  toCreateBody,
  type PromoDraft,
  type PromoField,
  type PromoFieldErrors,
} from './promo-form-rules';

const TITLE_ID = 'admin-promo-create-title';

/**
 * The create form of SPEC.md section 2 (code, max_uses, license_days, expires_at): checked with the
 * server's own rules before sending; the server's refusals beside their field, or in a red banner.
 * Enter submits; a created code clears the form (the list refetches itself).
 */
export function CreatePromoForm() {
  const [draft, setDraft] = useState<PromoDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<PromoFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [create, { isLoading }] = useCreatePromoCodeMutation();
  const codeRef = useRef<HTMLInputElement>(null);

  const edit = (field: PromoField, change: Partial<PromoDraft>) => {
    setDraft((now) => ({ ...now, ...change }));
    setErrors((now) => ({ ...now, [field]: undefined }));
    setCreated(null);
  };

  const refused = (error: AdminError) => {
    const field = fieldOfError(error);
    if (field) setErrors({ [field]: error.message });
    else setFailure(accessText(error) ?? error.message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setCreated(null);
    const checked = toCreateBody(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const result = await create(checked.body);
    if ('error' in result) {
      refused(result.error as AdminError);
      return;
    }
    setDraft(EMPTY_DRAFT);
    setCreated(result.data.code);
    codeRef.current?.focus();
  };

  return (
    <form
      className="admin-panel"
      aria-labelledby={TITLE_ID}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.createTitle}
      </h2>
      <div className="admin-form-grid">
        <TextField
          ref={codeRef}
          label={T.codeLabel}
          hint={T.codeHint}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="admin-promo__code-input"
          value={draft.code}
          error={errors.code}
          onChange={(event) => edit('code', { code: event.target.value.toUpperCase() })}
        />
        <NumberField
          label={T.maxUsesLabel}
          hint={T.maxUsesHint}
          min={0}
          step={1}
          value={draft.maxUses}
          error={errors.max_uses}
          onValueChange={(maxUses) => edit('max_uses', { maxUses })}
        />
        <NumberField
          label={T.licenseDaysLabel}
          hint={T.licenseDaysHint}
          min={1}
          step={1}
          value={draft.licenseDays}
          error={errors.license_days}
          onValueChange={(licenseDays) => edit('license_days', { licenseDays })}
        />
        <TextField
          label={T.expiresLabel}
          hint={T.expiresHint}
          type="datetime-local"
          value={draft.expiresAt}
          error={errors.expires_at}
          onChange={(event) => edit('expires_at', { expiresAt: event.target.value })}
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
