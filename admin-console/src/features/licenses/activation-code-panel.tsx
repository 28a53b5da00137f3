import { Button } from '@pitclock/design-system';
import { CopyButton } from '../../lib/copy-button';
import { FailureBanner } from '../../lib/failure-banner';
import { When } from '../../lib/when';
import { useMintActivationCodeMutation } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

const TITLE_ID = 'admin-licenses-code-title';

export type ActivationCodePanelProps = {
  /** The user chosen above (credits panel), whose code New Code mints; null: the signed-in admin's own. */
  user: { id: number; label: string } | null;
  /** Where Copy puts the code (default the browser's clipboard). */
  writeText?: (text: string) => Promise<void>;
};

/**
 * Generate activation code: New Code mints one for the chosen user (the admin's own when none is chosen);
 * it is shown with Copy, its user and its expiry. The screen gives the panel a new key when the user
 * changes, so a code never shows under another user's name.
 */
export function ActivationCodePanel({ user, writeText }: ActivationCodePanelProps) {
  const [mint, minted] = useMintActivationCodeMutation();
  return (
    <section className="admin-panel" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.codeTitle}
      </h2>
      <p className="admin-panel__hint">{user === null ? T.codeHint : T.codeHintFor(user.label)}</p>
      <div>
        <Button onClick={() => void mint(user?.id ?? null)} loading={minted.isLoading}>
          {T.newCode}
        </Button>
      </div>
      {minted.isError ? <FailureBanner title={T.mintFailed} error={minted.error} /> : null}
      {minted.data && !minted.isError ? (
        <div className="admin-licenses__code" role="status">
          {user === null ? null : <span className="admin-break">{T.codeFor(user.label)}</span>}
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
