import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountIdOf, session } from '@pitclock/contracts';
import { Banner, Button, Spinner } from '@pitclock/design-system';
import { refreshTeams, useTeams } from '../../lib/teams/teams-source';
import { TEAM_TEXT } from './messages';
import { TeamCard, type TeamCardProps } from './team-card';
import { CreateTeamForm, JoinTeamForm } from './team-forms';
import { myName } from './teams-api';
import '../../lib/screen.css';
import './teams.css';

export type TeamScreenProps = Pick<TeamCardProps, 'origin' | 'locale' | 'timeZone' | 'writeText'>;

/** The account's name from GET /api/me ('' until it is known, or when it cannot be read). */
function useMyName(): string {
  const [name, setName] = useState('');
  useEffect(() => {
    let live = true;
    void myName().then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, []);
  return name;
}

/**
 * The Team screen (/team, issue 20): the teams the account is in, each with its members; the owner
 * invites (a one-time code and a join link) and removes members, a member leaves. Without a team, the
 * forms to create one or join one with a code; with teams, the same forms in a smaller section below.
 * /team?code=XXXXXXXX fills in the join form's code. Teams live on the server: offline the screen says
 * so, and the rest of the app keeps working.
 */
export function TeamScreen(props: TeamScreenProps) {
  const view = useTeams();
  const memberName = useMyName();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const me = accountIdOf(session.getToken());
  const reload = () => void refreshTeams(undefined, TEAM_TEXT.loadFailed);
  const afterJoinOrCreate = () => {
    if (code !== '') setParams({}, { replace: true });
    reload();
  };

  const teams = view.teams;
  const forms = (headingLevel: 2 | 3) => (
    <div className="pc-team-forms">
      <CreateTeamForm memberName={memberName} onDone={afterJoinOrCreate} headingLevel={headingLevel} />
      <JoinTeamForm
        memberName={memberName}
        onDone={afterJoinOrCreate}
        headingLevel={headingLevel}
        initialCode={code}
      />
    </div>
  );

  return (
    <section
      className="pc-screen pc-team"
      aria-labelledby="pc-team-title"
      aria-busy={view.status === 'loading'}
    >
      <header className="pc-screen__header">
        <h1 id="pc-team-title" className="pc-screen__title">
          {TEAM_TEXT.title}
        </h1>
      </header>
      <p className="pc-team__intro">{TEAM_TEXT.intro}</p>

      {view.status === 'offline' ? (
        <Banner tone="amber">{TEAM_TEXT.offline}</Banner>
      ) : view.status === 'error' ? (
        <Banner tone="red" action={<Button onClick={reload}>{TEAM_TEXT.tryAgain}</Button>}>
          {view.error}
        </Banner>
      ) : null}

      {view.status === 'offline' ? null : teams === null ? (
        view.status === 'loading' ? (
          <Spinner label={TEAM_TEXT.loading} />
        ) : null
      ) : teams.length === 0 ? (
        forms(2)
      ) : (
        <>
          {teams.map((team) => (
            <TeamCard key={team.id} team={team} me={me} onChanged={reload} {...props} />
          ))}
          <section className="pc-team-another" aria-labelledby="pc-team-another-title">
            <h2 id="pc-team-another-title" className="pc-team-another__title">
              {TEAM_TEXT.anotherTitle}
            </h2>
            {forms(3)}
          </section>
        </>
      )}
    </section>
  );
}
