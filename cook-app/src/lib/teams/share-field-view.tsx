import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Select, type SelectOption } from '@pitclock/design-system';
import { SHARE_TEXT, TEAM_PATH } from './messages';
import { teamNames, type TeamsView } from './teams-source';
import './teams.css';

export type ShareWithTeamFieldProps = {
  /** The chosen team's id; '' (or null): Only me. */
  value: string | null | undefined;
  onChange: (teamId: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  /** The account's teams as known (useTeams / useTeamsView). */
  teams: TeamsView;
  error?: string;
};

/** The select's choices: Only me, then each team; a chosen team not in the list keeps an option of its own. */
export function shareOptions(view: TeamsView, chosen: string): SelectOption[] {
  const teams = (view.teams ?? []).map((team) => ({ value: team.id, label: team.name }));
  const unknown =
    chosen !== '' && !teams.some((team) => team.value === chosen)
      ? [{ value: chosen, label: SHARE_TEXT.unknownTeam }]
      : [];
  return [{ value: '', label: SHARE_TEXT.onlyMe }, ...teams, ...unknown];
}

/**
 * "Share with team": Only me or one of the account's teams. With no team to choose (in none yet, or
 * offline before the teams were read) it shows the way to the Team screen instead; a record that is
 * shared keeps its select, so that it can be taken back offline too.
 */
export function ShareWithTeamField({
  value,
  onChange,
  onBlur,
  name,
  ref,
  teams,
  error,
}: ShareWithTeamFieldProps) {
  const chosen = value ?? '';
  const options = shareOptions(teams, chosen);
  const loading = teams.status === 'loading' && teams.teams === null;
  if (options.length === 1 && !loading) {
    return (
      <div className="pc-field pc-share-field">
        <span className="pc-field__label">{SHARE_TEXT.label}</span>
        <Link className="pc-share-field__link" to={TEAM_PATH}>
          {SHARE_TEXT.createTeamFirst}
        </Link>
      </div>
    );
  }
  return (
    <Select
      ref={ref}
      name={name}
      label={SHARE_TEXT.label}
      value={chosen}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      options={options}
      disabled={loading && chosen === ''}
      hint={loading ? SHARE_TEXT.loadingTeams : undefined}
      error={error}
      wrapperClassName="pc-share-field"
    />
  );
}

export type TeamBadgeProps = {
  /** The record's team_id; nothing is shown when it is not shared. */
  teamId: string | null | undefined;
  teams: TeamsView;
};

/** "Team: <name>" on a shared cook-off or template ("Team" when the name is not known here). */
export function TeamBadge({ teamId, teams }: TeamBadgeProps) {
  if (!teamId) return null;
  const name = teamNames(teams).get(teamId) ?? null;
  return (
    <Badge tone="accent" className="pc-team-badge" title={SHARE_TEXT.badgeTitle(name)}>
      {SHARE_TEXT.badge(name)}
    </Badge>
  );
}
