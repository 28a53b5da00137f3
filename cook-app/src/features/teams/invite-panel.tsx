import { useId, useState } from 'react';
import { errorText } from '@pitclock/contracts';
import { Banner, Button } from '@pitclock/design-system';
import { TEAM_PATH } from '../../lib/teams/messages';
import { TEAM_TEXT } from './messages';
import { createInvite, type TeamInvite } from './teams-api';

export type Clipboard = (text: string) => Promise<void>;

/** The browser's clipboard; a rejection where there is none (an insecure page, an old browser). */
export const browserClipboard: Clipboard = (text) =>
  navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('No clipboard'));

/** The link that opens the Team screen with the join form filled in with `code`. */
export const joinLink = (origin: string, code: string) =>
  `${origin}${TEAM_PATH}?code=${encodeURIComponent(code)}`;

/** An instant in the reader's own way of writing dates and times. */
export function formatExpiry(iso: string, locale?: string, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
}

export type InvitePanelProps = {
  teamId: string;
  /** The page's origin (default location.origin): the join link starts with it. */
  origin?: string;
  locale?: string;
  timeZone?: string;
  writeText?: Clipboard;
};

/**
 * "Invite a teammate" (the owner's): a one-time code, shown big with its expiry, and the join link with
 * Copy. Each press makes a new code.
 */
export function InvitePanel({
  teamId,
  origin = window.location.origin,
  locale,
  timeZone,
  writeText = browserClipboard,
}: InvitePanelProps) {
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState<TeamInvite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'unavailable'>('idle');
  const linkId = useId();

  const make = async () => {
    setBusy(true);
    setError(null);
    setCopy('idle');
    try {
      setInvite(await createInvite(teamId));
    } catch (failure) {
      setError(errorText(failure, TEAM_TEXT.inviteFailed));
    }
    setBusy(false);
  };

  const link = invite ? joinLink(origin, invite.code) : '';
  const copyLink = () => {
    writeText(link).then(
      () => setCopy('copied'),
      () => setCopy('unavailable'),
    );
  };

  return (
    <div className="pc-team-invite">
      <Button variant="secondary" onClick={() => void make()} loading={busy}>
        {TEAM_TEXT.invite}
      </Button>
      {error ? <Banner tone="red">{error}</Banner> : null}
      {invite ? (
        <div className="pc-team-invite__result" role="status">
          <p className="pc-team-invite__label">{TEAM_TEXT.inviteCodeLabel}</p>
          <p className="pc-team-invite__code" data-testid="invite-code">
            {invite.code}
          </p>
          <p className="pc-team-invite__expiry">
            {TEAM_TEXT.inviteExpires(formatExpiry(invite.expires_at, locale, timeZone))}
          </p>
          <label className="pc-field__label" htmlFor={linkId}>
            {TEAM_TEXT.joinLinkLabel}
          </label>
          <div className="pc-team-invite__link-row">
            <input
              id={linkId}
              className="pc-input pc-team-invite__link"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={copyLink} aria-label={TEAM_TEXT.copyLink}>
              {TEAM_TEXT.copy}
            </Button>
          </div>
          {copy === 'copied' ? <p className="pc-team-invite__copied">{TEAM_TEXT.copied}</p> : null}
          {copy === 'unavailable' ? (
            <p className="pc-team-invite__copy-failed" role="alert">
              {TEAM_TEXT.copyUnavailable}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
