import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  addContest,
  addStepNote,
  addTemplate,
  attachTemplate,
  getOrStartRunForContest,
  selectContests,
  selectStoreCounts,
  type Contest,
} from '../../store';
import { changesApplied } from '../../store/actions';
import { license } from '@pitclock/contracts';
import {
  cookStore,
  licenseClaims,
  licenseKey,
  NOW,
  renderScreen,
  startApi,
  storeLicense,
  tamper,
  type TestBundle,
} from './test-support';

const KCBS = 'Kansas City Barbecue Society (KCBS)';

async function withContest(bundle: TestBundle, fields: Record<string, unknown> = {}) {
  return bundle.store
    .dispatch(
      addContest({
        name: 'Smoke on the Water',
        contest_date: '2026-06-06',
        sanctioning_body_id: '1',
        location: 'Odessa, TX',
        walk_time_adjust_minutes: 5,
        ...fields,
      }),
    )
    .unwrap();
}

describe('Cook-offs screen', () => {
  it('with no cook-offs shows the empty state whose Create Cook-off opens the Add Cook-off modal', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    expect(await screen.findByText('No Upcoming Cook-offs')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Cook-off' }));
    expect(await screen.findByRole('dialog', { name: 'Add Cook-off' })).toBeTruthy();
  });

  it('the add modal defaults the date to today and keeps Create disabled until name and sanctioning body are set', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Add Cook-off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Cook-off' });
    const form = within(dialog);
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-06-01');
    expect((form.getByLabelText(/Location/) as HTMLInputElement).placeholder).toBe('e.g. Odessa, TX');
    const create = form.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    await user.click(form.getByLabelText(/^Name/));
    await user.tab();
    expect(form.getByText('Please provide a cook-off name.')).toBeTruthy();

    await user.type(form.getByLabelText(/^Name/), 'Smoke on the Water');
    expect(create.disabled).toBe(true);
    await user.selectOptions(form.getByLabelText(/Sanctioning Body/), KCBS);
    expect(create.disabled).toBe(false);
  });

  it('Add Cook-off, whose form loads when first opened, puts the focus in its first field and gives it back on Cancel', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    const add = await screen.findByRole('button', { name: 'Add Cook-off' });
    await user.click(add);
    const form = within(await screen.findByRole('dialog', { name: 'Add Cook-off' }));
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Date')));
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
  });

  it('clamps the walk time to 20 and creates the cook-off with the +20m badge', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Add Cook-off' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Cook-off' }));
    await user.type(form.getByLabelText(/^Name/), '  Pig Out  ');
    await user.selectOptions(form.getByLabelText(/Sanctioning Body/), KCBS);
    const walk = form.getByLabelText(/Walk Time Adjustment/) as HTMLInputElement;
    await user.clear(walk);
    await user.type(walk, '35');
    await user.tab();
    expect(walk.value).toBe('20');
    await user.click(form.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [stored] = selectContests(bundle.store.getState());
    expect(stored).toMatchObject({
      name: 'Pig Out',
      contest_date: '2026-06-01',
      sanctioning_body_id: '1',
      walk_time_adjust_minutes: 20,
      location: null,
    });
    const table = screen.getByRole('table');
    expect(within(table).getByText('+20m')).toBeTruthy();
  });

  it('lists upcoming cook-offs with the walk-time badge and hides Sanctioning Body below sm and Location below md', async () => {
    const bundle = await cookStore();
    await withContest(bundle);
    await withContest(bundle, { name: 'Long ago', contest_date: '2026-05-01' });
    renderScreen(bundle);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Smoke on the Water')).toBeTruthy();
    expect(within(table).queryByText('Long ago')).toBeNull();
    expect(within(table).getByText('+5m')).toBeTruthy();
    const headers = within(table).getAllByRole('columnheader');
    const body = headers.find((h) => h.textContent === 'Sanctioning Body');
    const location = headers.find((h) => h.textContent === 'Location');
    expect(body?.className).toContain('pc-hide-below-sm');
    expect(location?.className).toContain('pc-hide-below-md');
    expect(within(table).getByText(KCBS).closest('td')?.className).toContain('pc-hide-below-sm');
    expect(within(table).getByText('Odessa, TX').closest('td')?.className).toContain('pc-hide-below-md');
  });

  it('edits a row inline: Save stores the clamped values, Cancel keeps the old ones', async () => {
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Edit Smoke on the Water' }));
    let form = within(await screen.findByRole('form', { name: 'Edit Smoke on the Water' }));
    await user.clear(form.getByLabelText(/^Name/));
    await user.type(form.getByLabelText(/^Name/), 'Renamed');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Smoke on the Water')).toBeTruthy();
    expect(bundle.store.getState().contests.entities[contest.id]?.name).toBe('Smoke on the Water');

    await user.click(screen.getByRole('button', { name: 'Edit Smoke on the Water' }));
    form = within(await screen.findByRole('form', { name: 'Edit Smoke on the Water' }));
    await user.clear(form.getByLabelText(/^Name/));
    expect(form.getByText('Please provide a cook-off name.')).toBeTruthy();
    await user.type(form.getByLabelText(/^Name/), 'Renamed');
    await user.clear(form.getByLabelText(/Location/));
    await user.type(form.getByLabelText(/Location/), 'Lubbock, TX');
    const walk = form.getByLabelText(/Walk Time Adjustment/);
    await user.clear(walk);
    await user.type(walk, '99');
    await user.tab();
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByText('Renamed')).toBeTruthy());
    expect(bundle.store.getState().contests.entities[contest.id]).toMatchObject({
      name: 'Renamed',
      location: 'Lubbock, TX',
      walk_time_adjust_minutes: 20,
    });
    expect(screen.getByText('+20m')).toBeTruthy();
  });

  it('the inline edit opens in a full-width row under the cook-off, whose cells and Edit button stay; Escape cancels and Enter saves, each giving the focus back to Edit', async () => {
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    const { user } = renderScreen(bundle);
    const edit = await screen.findByRole('button', { name: 'Edit Smoke on the Water' });
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    await user.click(edit);

    const form = await screen.findByRole('form', { name: 'Edit Smoke on the Water' });
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    expect(edit.getAttribute('aria-controls')).toBe(form.id);
    const row = edit.closest('tr')!;
    expect(within(row).getByRole('rowheader').textContent).toContain('Smoke on the Water');
    // The row keeps every column's cell (nothing in it is replaced by the form)...
    expect(within(row).getByText(KCBS)).toBeTruthy();
    expect(within(row).getByText('Odessa, TX')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Start Smoke on the Water' })).toBeTruthy();
    expect(within(row).queryByRole('form')).toBeNull();
    // ...and the form is the one cell of the next row, spanning every column.
    const formCell = form.closest('td')!;
    expect(formCell.parentElement?.previousElementSibling).toBe(row);
    expect(formCell.colSpan).toBe(row.children.length);
    expect(document.activeElement).toBe(within(form).getByLabelText(/^Name/));

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Escaped');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    expect(bundle.store.getState().contests.entities[contest.id]?.name).toBe('Smoke on the Water');

    await user.keyboard('{Enter}');
    const reopened = within(await screen.findByRole('form', { name: 'Edit Smoke on the Water' }));
    await user.clear(reopened.getByLabelText(/Location/));
    await user.type(reopened.getByLabelText(/Location/), 'Lubbock, TX{Enter}');
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(bundle.store.getState().contests.entities[contest.id]?.location).toBe('Lubbock, TX');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Smoke on the Water' }));
  });

  it('Edit of an open row closes its form, and editing another row moves the form there', async () => {
    const bundle = await cookStore();
    await withContest(bundle);
    await withContest(bundle, { name: 'Pig Out' });
    const { user } = renderScreen(bundle);
    const edit = await screen.findByRole('button', { name: 'Edit Smoke on the Water' });
    await user.click(edit);
    await screen.findByRole('form', { name: 'Edit Smoke on the Water' });
    await user.click(screen.getByRole('button', { name: 'Edit Pig Out' }));
    await screen.findByRole('form', { name: 'Edit Pig Out' });
    expect(screen.getAllByRole('form').map((form) => form.getAttribute('aria-label'))).toEqual([
      'Edit Pig Out',
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit Pig Out' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Pig Out' }));
  });

  it('deletes an unused cook-off after the confirmation', async () => {
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Delete Smoke on the Water' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete "Smoke on the Water"?');
    expect(dialog.textContent).toContain('deletion may be blocked by the server');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Upcoming Cook-offs')).toBeTruthy();
    expect(bundle.store.getState().contests.entities[contest.id]).toBeUndefined();
  });

  it('deletes a cook-off with runs after a confirmation that says its runs, with their steps and notes, go too', async () => {
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    const once = await withContest(bundle, { name: 'Ran once' });
    const template = await bundle.store
      .dispatch(addTemplate({ name: 'Brisket', turn_in_time: '13:30' }))
      .unwrap();
    for (const c of [contest, once])
      await bundle.store.dispatch(attachTemplate({ contest_id: c.id, template_id: template.id })).unwrap();
    const first = await bundle.store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    bundle.store.dispatch(
      changesApplied({ op: 'test/finish', set: { runs: [{ ...first.run, status: 'completed' }] } }),
    );
    const second = await bundle.store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    await bundle.store.dispatch(addStepNote({ step_id: second.steps[0]!.id, body: 'Sauced' })).unwrap();
    await bundle.store.dispatch(getOrStartRunForContest(once.id)).unwrap();
    const { user } = renderScreen(bundle);

    await user.click(await screen.findByRole('button', { name: 'Delete Ran once' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete cook-off' });
    expect(dialog.textContent).toContain(
      'Delete "Ran once"? Its run, with its steps and notes, is deleted too.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Smoke on the Water' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete cook-off' });
    expect(dialog.textContent).toContain(
      'Delete "Smoke on the Water"? Its 2 runs, with their steps and notes, are deleted too.',
    );
    expect(dialog.textContent).not.toContain('in use');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete Smoke on the Water' })).toBeNull();
    expect(selectContests(bundle.store.getState()).map((c) => c.name)).toEqual(['Ran once']);
    expect(selectStoreCounts(bundle.store.getState())).toMatchObject({
      runs: 1,
      step_notes: 0,
      contest_templates: 1,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes a cook-off with attached templates but no runs after the SPEC question', async () => {
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    const template = await bundle.store
      .dispatch(addTemplate({ name: 'Brisket', turn_in_time: '13:30' }))
      .unwrap();
    await bundle.store
      .dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id }))
      .unwrap();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Delete Smoke on the Water' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete cook-off' });
    expect(dialog.textContent).toContain(
      'Delete "Smoke on the Water"? This removes it from this device; deletion may be blocked by the server if it is in use.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Upcoming Cook-offs')).toBeTruthy();
    expect(selectStoreCounts(bundle.store.getState()).contest_templates).toBe(0);
  });

  it("says 'Resume' for a cook-off whose run is active and 'Start' for the others", async () => {
    const bundle = await cookStore();
    const running = await withContest(bundle, { name: 'Running' });
    const finished = await withContest(bundle, { name: 'Finished' });
    await withContest(bundle, { name: 'Not started' });
    await bundle.store.dispatch(getOrStartRunForContest(running.id)).unwrap();
    const done = await bundle.store.dispatch(getOrStartRunForContest(finished.id)).unwrap();
    bundle.store.dispatch(
      changesApplied({ op: 'test/finish', set: { runs: [{ ...done.run, status: 'completed' }] } }),
    );
    const { user } = renderScreen(bundle);

    const resume = await screen.findByRole('button', { name: 'Resume Running' });
    expect(resume.textContent).toBe('Resume');
    expect(screen.queryByRole('button', { name: 'Start Running' })).toBeNull();
    for (const name of ['Finished', 'Not started']) {
      expect(screen.getByRole('button', { name: `Start ${name}` }).textContent).toBe('Start');
      expect(screen.queryByRole('button', { name: `Resume ${name}` })).toBeNull();
    }
    // Resume goes the way Start does (here: no licence, so to the promo code first).
    await user.click(resume);
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/promo?returnTo=${encodeURIComponent(`/contests/${running.id}/steps`)}`,
    );
  });

  it('Start without a device licence goes to /promo?returnTo=/contests/{id}/steps (URL-encoded)', async () => {
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Start Smoke on the Water' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/promo?returnTo=${encodeURIComponent(`/contests/${contest.id}/steps`)}`,
    );
  });

  it("Start with this device's valid licence goes to /contests/{id}/steps, offline (no request)", async () => {
    const server = await startApi(() => ({ status: 500 }));
    await storeLicense(await licenseKey());
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Start Smoke on the Water' }));
    // jsdom has no Notification API: the team is told in-app alerts will be used.
    const confirm = await screen.findByRole('alertdialog', { name: 'Start cook-off' });
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('location')).textContent).toBe(`/contests/${contest.id}/steps`);
    // The only call is the screen's own read of the teams (for the share badges), none of Start.
    expect(server.requests.filter((request) => request.path !== '/api/teams')).toEqual([]);
  });

  it('Start refuses a licence of another device, a tampered one and one expired beyond the grace period', async () => {
    const key = await licenseKey();
    const tampered = async () => {
      const token = await storeLicense(key);
      license.save({ license: tamper(token, licenseClaims(key, { device_id: 'device-else-abc123' })) });
    };
    const refusals = [
      () => storeLicense(key, { device_id: 'device-someone-else-abc123' }),
      tampered,
      () => storeLicense(key, { exp: Math.floor(NOW / 1000) - 8 * 86_400 }),
    ];
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    for (const store of refusals) {
      await store();
      const { user, unmount } = renderScreen(bundle);
      await user.click(await screen.findByRole('button', { name: 'Start Smoke on the Water' }));
      expect((await screen.findByTestId('location')).textContent).toBe(
        `/promo?returnTo=${encodeURIComponent(`/contests/${contest.id}/steps`)}`,
      );
      unmount();
    }
  });

  it('selecting a cook-off shows its card with location, the no-location weather text and Clear', async () => {
    const bundle = await cookStore();
    await withContest(bundle);
    await withContest(bundle, { name: 'Nowhere', location: '' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Nowhere' }));
    let card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { name: 'Nowhere' })).toBeTruthy();
    expect(card.textContent).toContain('Weather Unavailable — Please set a contest location...');
    await user.click(screen.getByRole('button', { name: 'Smoke on the Water' }));
    card = screen.getByRole('article');
    expect(card.textContent).toContain('Odessa, TX');
    expect(card.textContent).not.toContain('Weather Unavailable');
    expect(await within(card).findByText(/No steps to show yet/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("gives each row's weather cell and the selected card's weather panel to the weather slots, with the screen's clock", async () => {
    const bundle = await cookStore();
    const contest = await withContest(bundle);
    await withContest(bundle, { name: 'Nowhere', location: '' });
    const clocks: number[] = [];
    const weather = {
      Cell: ({ contest: c, now }: { contest: Contest; now: () => number }) => {
        clocks.push(now());
        return <span>{`cell of ${c.name}`}</span>;
      },
      Panel: ({ contest: c }: { contest: Contest }) => (
        <p>{`weather of ${c.name} at ${c.location ?? 'nowhere'}`}</p>
      ),
    };
    const { user } = renderScreen(bundle, { weather });
    const table = await screen.findByRole('table');
    const cell = within(table).getByText('cell of Smoke on the Water');
    expect(cell.closest('td')?.className).toContain('pc-hide-below-sm');
    expect(within(table).getByText('cell of Nowhere')).toBeTruthy();
    expect(clocks.every((t) => t === NOW)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Smoke on the Water' }));
    const card = screen.getByRole('article');
    const panel = within(card).getByRole('region', { name: 'Weather' });
    expect(panel.textContent).toBe(`weather of Smoke on the Water at ${contest.location}`);
    await user.click(screen.getByRole('button', { name: 'Nowhere' }));
    // The panel says what it shows for a cook-off without a location: the card adds nothing of its own.
    expect(within(screen.getByRole('article')).getByRole('region', { name: 'Weather' }).textContent).toBe(
      'weather of Nowhere at nowhere',
    );
  });
});
