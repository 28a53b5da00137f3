import { useId, useState } from 'react';
import { API_ERROR_CODES, errorText, isApiError } from '@pitclock/contracts';
import type { Team } from '@pitclock/contracts/schemas';
import { Badge, Banner, Button, ConfirmDialog } from '@pitclock/design-system';
import { InvitePanel, type InvitePanelProps } from './invite-panel';
import { TEAM_TEXT } from './messages';
import { removeMember } from './teams-api';

type Member = Team['members'][number];

export type TeamCardProps = Pick<InvitePanelProps, 'origin' | 'locale' | 'timeZone' | 'writeText'> & {
  team: Team;
  /** The signed-in account's user id (its row says "you"; a member leaves with it). */
  me: string | null;
  /** After a member was removed or the account left: the list is read again. */
  onChanged: () => void;
};

const nameOf = (member: Member) => member.name.trim() || TEAM_TEXT.unnamed;

/** The text of a failed remove or leave; the owner's leave has its own. */
function removeFailure(failure: unknown, fallback: string): string {
  if (isApiError(failure) && failure.code === API_ERROR_CODES.ownerCannotLeave)
    return TEAM_TEXT.ownerCannotLeave;
  return errorText(failure, fallback);
}

/**
 * One team: its name, its members with their role, and what the account may do there: the owner invites
 * and removes members (and cannot leave), a member leaves. Both ask first.
 */
export function TeamCard({ team, me, onChanged, ...inviteProps }: TeamCardProps) {
  const titleId = useId();
  const owner = team.role === 'owner';
  const [asking, setAsking] = useState<{ member: Member; leaving: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    setError(null);
    try {
      await removeMember(team.id, asking.member.user_id);
      onChanged();
    } catch (failure) {
      setError(removeFailure(failure, asking.leaving ? TEAM_TEXT.leaveFailed : TEAM_TEXT.removeFailed));
    }
    setBusy(false);
    setAsking(null);
  };
  const myRow = team.members.find((member) => member.user_id === me);

  return (
    <section className="pc-team-card" aria-labelledby={titleId}>
      <header className="pc-team-card__header">
        <h2 id={titleId} className="pc-team-card__title">
          {team.name}
        </h2>
        <Badge tone={owner ? 'accent' : 'neutral'}>{owner ? TEAM_TEXT.owner : TEAM_TEXT.member}</Badge>
      </header>
      {error ? (
        <Banner tone="red" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      <ul className="pc-team-card__members" aria-label={TEAM_TEXT.membersOf(team.name)}>
        {team.members.map((member) => (
          <li key={member.user_id} className="pc-team-card__member">
            <span className="pc-team-card__member-name">
              {nameOf(member)}
              {member.user_id === me ? <span className="pc-team-card__you"> ({TEAM_TEXT.you})</span> : null}
            </span>
            <span className="pc-team-card__role">
              {member.role === 'owner' ? TEAM_TEXT.owner : TEAM_TEXT.member}
            </span>
            {owner && member.user_id !== me ? (
              <Button
                variant="secondary"
                aria-label={TEAM_TEXT.removeLabel(nameOf(member))}
                onClick={() => setAsking({ member, leaving: false })}
              >
                {TEAM_TEXT.remove}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {owner ? (
        <>
          <InvitePanel teamId={team.id} {...inviteProps} />
          <p className="pc-team-card__note">{TEAM_TEXT.ownerCannotLeave}</p>
        </>
      ) : (
        <div className="pc-team-card__actions">
          <Button
            variant="secondary"
            aria-label={TEAM_TEXT.leaveLabel(team.name)}
            disabled={!myRow}
            onClick={() => myRow && setAsking({ member: myRow, leaving: true })}
          >
            {TEAM_TEXT.leave}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.leaving ? TEAM_TEXT.leaveTitle : TEAM_TEXT.removeTitle}
        message={
          asking === null
            ? ''
            : asking.leaving
              ? TEAM_TEXT.leaveQuestion(team.name)
              : TEAM_TEXT.removeQuestion(nameOf(asking.member), team.name)
        }
        confirmLabel={asking?.leaving ? TEAM_TEXT.leave : TEAM_TEXT.remove}
        cancelLabel={TEAM_TEXT.cancel}
        destructive
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
