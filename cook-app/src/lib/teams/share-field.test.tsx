import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHARE_TEXT, TEAM_PATH } from './messages';
import { ShareWithTeamField, TeamBadge } from './share-field-view';
import * as lazyParts from './share-with-team-field';
import type { TeamsView } from './teams-source';
import { HOG_HEAVEN, listedTeam, SMOKE_RING } from './test-support';

const ready: TeamsView = {
  status: 'ready',
  teams: [listedTeam(SMOKE_RING, 'Smoke Ring'), listedTeam(HOG_HEAVEN, 'Hog Heaven')],
};

function Field({ teams, initial = '' }: { teams: TeamsView; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MemoryRouter>
      <ShareWithTeamField value={value} onChange={setValue} teams={teams} />
      <output data-testid="chosen">{value}</output>
    </MemoryRouter>
  );
}

const select = () => screen.getByLabelText(SHARE_TEXT.label) as HTMLSelectElement;
const optionLabels = () => [...select().options].map((option) => option.textContent);

describe('Share with team', () => {
  it('offers Only me and each team by name, and reports the chosen team id ("" for Only me)', async () => {
    const user = userEvent.setup();
    render(<Field teams={ready} />);
    expect(optionLabels()).toEqual([SHARE_TEXT.onlyMe, 'Smoke Ring', 'Hog Heaven']);
    expect(select().value).toBe('');
    await user.selectOptions(select(), 'Hog Heaven');
    expect(screen.getByTestId('chosen').textContent).toBe(HOG_HEAVEN);
    await user.selectOptions(select(), SHARE_TEXT.onlyMe);
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it.each<[string, TeamsView]>([
    ['in no team yet', { status: 'ready', teams: [] }],
    ['offline before the teams were read', { status: 'offline', teams: null }],
    ['when the teams could not be read', { status: 'error', teams: null, error: 'Failed to load teams' }],
  ])('%s: says to create a team on the Team screen, with a link there', (_, teams) => {
    render(<Field teams={teams} />);
    const link = screen.getByRole('link', { name: SHARE_TEXT.createTeamFirst });
    expect(link.getAttribute('href')).toBe(TEAM_PATH);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText(SHARE_TEXT.label)).toBeTruthy();
  });

  it('offline, a shared record keeps its select (its team as "Team") so that it can be taken back', async () => {
    const user = userEvent.setup();
    render(<Field teams={{ status: 'offline', teams: null }} initial={SMOKE_RING} />);
    expect(optionLabels()).toEqual([SHARE_TEXT.onlyMe, SHARE_TEXT.unknownTeam]);
    expect(select().value).toBe(SMOKE_RING);
    await user.selectOptions(select(), SHARE_TEXT.onlyMe);
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('while the teams are first read, the select waits (disabled) and says so', () => {
    render(<Field teams={{ status: 'loading', teams: null }} />);
    expect(select().disabled).toBe(true);
    expect(screen.getByText(SHARE_TEXT.loadingTeams)).toBeTruthy();
  });

  it('the badge names the team, says "Team" for one not known here, and is absent when not shared', () => {
    const { rerender } = render(<TeamBadge teamId={SMOKE_RING} teams={ready} />);
    expect(screen.getByText('Team: Smoke Ring').getAttribute('title')).toBe(
      SHARE_TEXT.badgeTitle('Smoke Ring'),
    );
    rerender(<TeamBadge teamId={SMOKE_RING} teams={{ status: 'offline', teams: null }} />);
    expect(screen.getByText(SHARE_TEXT.unknownTeam).className).toContain('pc-team-badge');
    rerender(<TeamBadge teamId={undefined} teams={ready} />);
    expect(document.querySelector('.pc-team-badge')).toBeNull();
  });

  it('loaded lazily: the field and the badge appear once their code is here; an unshared badge loads nothing', async () => {
    const { rerender } = render(
      <MemoryRouter>
        <lazyParts.TeamBadge teamId={undefined} teams={ready} />
      </MemoryRouter>,
    );
    expect(document.body.textContent).toBe('');
    rerender(
      <MemoryRouter>
        <lazyParts.TeamBadge teamId={SMOKE_RING} teams={ready} />
        <lazyParts.ShareWithTeamField value="" onChange={() => {}} teams={ready} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Team: Smoke Ring')).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: SHARE_TEXT.label })).toBeTruthy();
  });
});
