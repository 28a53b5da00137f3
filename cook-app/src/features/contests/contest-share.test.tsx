import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { addContest, contestSelectors } from '../../store';
import { shareContest } from '../../store';
import { SHARE_TEXT } from '../../lib/teams/messages';
import { pointApiAtClosedPort } from '../../lib/license-gate.test-support';
import { HOG_HEAVEN, listedTeam, serveTeams, SMOKE_RING } from '../../lib/teams/test-support';
import { cookStore, NOW, renderScreen, type TestBundle } from './test-support';

async function withContest(bundle: TestBundle) {
  return bundle.store
    .dispatch(
      addContest({ name: 'Smoke on the Water', contest_date: '2026-06-06', sanctioning_body_id: '1' }),
    )
    .unwrap();
}
const stored = (bundle: TestBundle, id: string) => contestSelectors.selectById(bundle.store.getState(), id);

describe('sharing a cook-off with a team', () => {
  it("the edit row's Share with team shares it on Save (updated_at moves), and the row shows the team's badge", async () => {
    await serveTeams([listedTeam(SMOKE_RING, 'Smoke Ring'), listedTeam(HOG_HEAVEN, 'Hog Heaven')]);
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    bundle.clock.now = NOW + 60_000;
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Edit Smoke on the Water' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Smoke on the Water' }));
    const share = (await form.findByRole('combobox', { name: SHARE_TEXT.label })) as HTMLSelectElement;
    await waitFor(() => expect([...share.options].map((o) => o.textContent)).toContain('Hog Heaven'));
    expect(share.value).toBe('');
    await user.selectOptions(share, 'Hog Heaven');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stored(bundle, contest.id)?.team_id).toBe(HOG_HEAVEN));
    expect(stored(bundle, contest.id)?.updated_at).toBe(new Date(NOW + 60_000).toISOString());
    const row = screen.getByRole('row', { name: /Smoke on the Water/ });
    expect(within(row).getByText('Team: Hog Heaven')).toBeTruthy();
  });

  it('Only me takes a shared cook-off back; Cancel keeps the team', async () => {
    await serveTeams([listedTeam(SMOKE_RING, 'Smoke Ring')]);
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    await bundle.store.dispatch(shareContest({ id: contest.id, team_id: SMOKE_RING })).unwrap();
    const { user } = renderScreen(bundle);
    expect(await screen.findByText('Team: Smoke Ring')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Smoke on the Water' }));
    let form = within(await screen.findByRole('form', { name: 'Edit Smoke on the Water' }));
    await user.selectOptions(form.getByRole('combobox', { name: SHARE_TEXT.label }), SHARE_TEXT.onlyMe);
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(stored(bundle, contest.id)?.team_id).toBe(SMOKE_RING);

    await user.click(screen.getByRole('button', { name: 'Edit Smoke on the Water' }));
    form = within(await screen.findByRole('form', { name: 'Edit Smoke on the Water' }));
    const share = form.getByRole('combobox', { name: SHARE_TEXT.label }) as HTMLSelectElement;
    expect(share.value).toBe(SMOKE_RING);
    await user.selectOptions(share, SHARE_TEXT.onlyMe);
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stored(bundle, contest.id)).not.toHaveProperty('team_id'));
    expect(screen.queryByText('Team: Smoke Ring')).toBeNull();
  });

  it('offline, the edit row says to create a team on the Team screen; a shared cook-off shows the badge "Team"', async () => {
    await pointApiAtClosedPort();
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    await withContest(bundle);
    const { user } = renderScreen(bundle);
    await user.click((await screen.findAllByRole('button', { name: 'Edit Smoke on the Water' }))[1]!);
    const form = within(await screen.findByRole('form', { name: 'Edit Smoke on the Water' }));
    const link = await form.findByRole('link', { name: SHARE_TEXT.createTeamFirst });
    expect(link.getAttribute('href')).toBe('/team');
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    await bundle.store.dispatch(shareContest({ id: contest.id, team_id: SMOKE_RING })).unwrap();
    expect(await screen.findByText('Team')).toBeTruthy();
  });
});
