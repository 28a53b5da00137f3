import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ActivateRequest } from '@pitclock/contracts/schemas';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { CopyButton } from '../../lib/copy-button';
import { FailureBanner } from '../../lib/failure-banner';
import { useActivateDeviceMutation } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

const TITLE_ID = 'admin-licenses-activation-title';

type ActivationInput = z.input<typeof ActivateRequest>;

type Outcome =
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; error: unknown }
  | { kind: 'no-token' }
  | { kind: 'activated'; token: string }
  | null;

export type ManualActivationPanelProps = {
  /** Where Copy token puts the token (default the browser's clipboard). */
  writeText?: (text: string) => Promise<void>;
};

/** The first refusal of the server's rules, in field order ('Code and Device UID are required.'). */
const firstError = (errors: FieldErrors<ActivationInput>) =>
  (errors.code ?? errors.device_uid ?? errors.device_name)?.message ?? T.activationRequired;

/**
 * Manual device activation: activation code and device UID (both required), optional device name, with
 * the server's rules; a refusal shows in a red banner and marks its fields until the next Activate.
 */
export function ManualActivationPanel({ writeText }: ManualActivationPanelProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [activate, { isLoading }] = useActivateDeviceMutation();
  const { register, handleSubmit, getValues, resetField, formState } = useForm<
    ActivationInput,
    unknown,
    ActivateRequest
  >({
    resolver: zodResolver(ActivateRequest),
    defaultValues: { code: '', device_uid: '', device_name: '' },
  });
  const { errors } = formState;
  const invalid = (name: keyof ActivationInput) =>
    outcome?.kind === 'invalid' && errors[name] ? true : undefined;

  const send = async (body: ActivateRequest) => {
    setOutcome(null);
    try {
      // The code goes as typed, trimmed: the server normalises it itself.
      const result = await activate({ ...body, code: getValues('code').trim() }).unwrap();
      if (result.error !== null) setOutcome({ kind: 'failed', error: { message: result.error } });
      else if (result.deviceToken === null) setOutcome({ kind: 'no-token' });
      else {
        setOutcome({ kind: 'activated', token: result.deviceToken });
        resetField('code');
      }
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  };
  const refuse = (refused: FieldErrors<ActivationInput>) =>
    setOutcome({ kind: 'invalid', message: firstError(refused) });

  return (
    <section className="admin-panel" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.activationTitle}
      </h2>
      <form
        className="admin-licenses__activate"
        aria-labelledby={TITLE_ID}
        onSubmit={(event) => void handleSubmit(send, refuse)(event)}
        noValidate
      >
        <TextField
          label={T.codeLabel}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid('code')}
          {...register('code')}
        />
        <TextField
          label={T.deviceUidLabel}
          required
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid('device_uid')}
          {...register('device_uid')}
        />
        <TextField
          label={T.deviceNameLabel}
          autoComplete="off"
          aria-invalid={invalid('device_name')}
          {...register('device_name')}
        />
        <div>
          <Button type="submit" loading={isLoading}>
            {T.activate}
          </Button>
        </div>
      </form>
      <ActivationOutcome outcome={outcome} writeText={writeText} />
    </section>
  );
}

function ActivationOutcome({
  outcome,
  writeText,
}: {
  outcome: Outcome;
  writeText?: (text: string) => Promise<void>;
}) {
  switch (outcome?.kind) {
    case 'invalid':
      return <Banner tone="red">{outcome.message}</Banner>;
    case 'failed':
      return <FailureBanner title={T.activationFailed} error={outcome.error} />;
    case 'no-token':
      return <Banner tone="red">{T.activationNoToken}</Banner>;
    case 'activated':
      return (
        <div className="admin-licenses__token">
          <Banner tone="green">{T.activated}</Banner>
          <div className="admin-form-row">
            <TextField label={T.deviceTokenLabel} readOnly value={outcome.token} spellCheck={false} />
            <CopyButton text={outcome.token} label={T.copyToken} writeText={writeText} />
          </div>
        </div>
      );
    default:
      return null;
  }
}
