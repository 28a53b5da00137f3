import { useState, type FormEvent } from 'react';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { CopyButton } from '../../lib/copy-button';
import { FailureBanner } from '../../lib/failure-banner';
import { useActivateDeviceMutation } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

const TITLE_ID = 'admin-licenses-activation-title';

type Outcome =
  | { kind: 'missing' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'no-token' }
  | { kind: 'activated'; token: string }
  | null;

export type ManualActivationPanelProps = {
  /** Where Copy token puts the token (default the browser's clipboard). */
  writeText?: (text: string) => Promise<void>;
};

/** Manual device activation: activation code and device UID (both required), optional device name. */
export function ManualActivationPanel({ writeText }: ManualActivationPanelProps) {
  const [code, setCode] = useState('');
  const [deviceUid, setDeviceUid] = useState('');
  const [deviceName, setDeviceName] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [activate, { isLoading }] = useActivateDeviceMutation();
  const missing = outcome?.kind === 'missing';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { code: code.trim(), device_uid: deviceUid.trim(), device_name: deviceName.trim() };
    if (body.code === '' || body.device_uid === '') {
      setOutcome({ kind: 'missing' });
      return;
    }
    setOutcome(null);
    try {
      const { device_name, ...required } = body;
      const result = await activate(device_name === '' ? required : body).unwrap();
      if (result.error !== null) setOutcome({ kind: 'failed', error: { message: result.error } });
      else if (result.deviceToken === null) setOutcome({ kind: 'no-token' });
      else {
        setOutcome({ kind: 'activated', token: result.deviceToken });
        setCode('');
      }
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  };

  return (
    <section className="admin-panel" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.activationTitle}
      </h2>
      <form
        className="admin-licenses__activate"
        aria-labelledby={TITLE_ID}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <TextField
          label={T.codeLabel}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          aria-invalid={missing && code.trim() === '' ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <TextField
          label={T.deviceUidLabel}
          required
          autoComplete="off"
          spellCheck={false}
          value={deviceUid}
          aria-invalid={missing && deviceUid.trim() === '' ? true : undefined}
          onChange={(event) => setDeviceUid(event.target.value)}
        />
        <TextField
          label={T.deviceNameLabel}
          autoComplete="off"
          value={deviceName}
          onChange={(event) => setDeviceName(event.target.value)}
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
    case 'missing':
      return <Banner tone="red">{T.activationRequired}</Banner>;
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
