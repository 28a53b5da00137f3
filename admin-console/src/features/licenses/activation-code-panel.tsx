import { Button } from '@pitclock/design-system';
import { CopyButton } from '../../lib/copy-button';
import { FailureBanner } from '../../lib/failure-banner';
import { When } from '../../lib/when';
import { useMintActivationCodeMutation } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

const TITLE_ID = 'admin-licenses-code-title';

export type ActivationCodePanelProps = {
  /** Where Copy puts the code (default the browser's clipboard). */
  writeText?: (text: string) => Promise<void>;
};

/** Generate activation code: New Code mints one; it is shown with Copy and its expiry. */
export function ActivationCodePanel({ writeText }: ActivationCodePanelProps) {
  const [mint, minted] = useMintActivationCodeMutation();
  return (
    <section className="admin-panel" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.codeTitle}
      </h2>
      <p className="admin-panel__hint">{T.codeHint}</p>
      <div>
        <Button onClick={() => void mint()} loading={minted.isLoading}>
          {T.newCode}
        </Button>
      </div>
      {minted.isError ? <FailureBanner title={T.mintFailed} error={minted.error} /> : null}
      {minted.data && !minted.isError ? (
        <div className="admin-licenses__code" role="status">
          <code className="admin-licenses__code-text">{minted.data.code}</code>
          <CopyButton text={minted.data.code} label={T.copyCode} writeText={writeText} />
          <span className="admin-panel__hint">
            {T.expires} <When iso={minted.data.expires_at} />
          </span>
        </div>
      ) : null}
    </section>
  );
}
