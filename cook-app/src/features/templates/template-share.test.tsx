import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { shareTemplate } from '../../store';
import { SHARE_TEXT } from '../../lib/teams/messages';
import { listedTeam, serveTeams, SMOKE_RING } from '../../lib/teams/test-support';
import { cookStore, renderScreen, storedTemplate, withTemplate } from './test-support';

describe('sharing a template with a team', () => {
  it("the edit row's Share with team shares it on Save, and the row shows the team's badge", async () => {
    await serveTeams([listedTeam(SMOKE_RING, 'Smoke Ring')]);
    const bundle = await cookStore();
    const template = await withTemplate(bundle, { name: 'Brisket' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Edit Brisket' }));
    const form = within(screen.getByRole('form', { name: 'Edit Brisket' }));
    const share = (await form.findByRole('combobox', { name: SHARE_TEXT.label })) as HTMLSelectElement;
    await waitFor(() => expect([...share.options].map((o) => o.textContent)).toContain('Smoke Ring'));
    await user.selectOptions(share, 'Smoke Ring');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(storedTemplate(bundle, template.id)?.team_id).toBe(SMOKE_RING));
    expect(await screen.findByText('Team: Smoke Ring')).toBeTruthy();
  });

  it('in no team yet, the edit row says to create a team on the Team screen, with a link', async () => {
    await serveTeams([]);
    const bundle = await cookStore();
    await withTemplate(bundle, { name: 'Brisket' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Edit Brisket' }));
    const form = within(screen.getByRole('form', { name: 'Edit Brisket' }));
    expect((await form.findByRole('link', { name: SHARE_TEXT.createTeamFirst })).getAttribute('href')).toBe(
      '/team',
    );
  });

  it('a template shared with a team this device does not know shows the badge "Team"', async () => {
    await serveTeams([]);
    const bundle = await cookStore();
    const template = await withTemplate(bundle, { name: 'Brisket' });
    await bundle.store.dispatch(shareTemplate({ id: template.id, team_id: SMOKE_RING })).unwrap();
    renderScreen(bundle);
    const badge = await screen.findByText(SHARE_TEXT.unknownTeam, { selector: '.pc-team-badge' });
    expect(badge.getAttribute('title')).toBe(SHARE_TEXT.badgeTitle(null));
  });
});
