import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  addContest,
  addTemplate,
  addTemplateStep,
  attachTemplate,
  selectContestAttachments,
} from '../../store';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { ContestsScreen } from './contests-screen';
import { cookStore, NOW, renderWithStore, type TestBundle } from './test-support';

/** The Cook-offs screen in locale en-GB (24-hour 'Turn-in 13:30'), or the one given. */
const renderScreen = (bundle: TestBundle, locale = 'en-GB') =>
  renderWithStore(
    bundle,
    <DisplayLocaleProvider locale={locale}>
      <ContestsScreen now={() => NOW} timeZone="UTC" />
    </DisplayLocaleProvider>,
    { path: '/contests' },
  );

async function arrange(bundle: TestBundle) {
  const { dispatch } = bundle.store;
  const contest = await dispatch(
    addContest({
      name: 'Smoke on the Water',
      contest_date: '2026-06-06',
      sanctioning_body_id: '1',
      location: 'Odessa, TX',
      walk_time_adjust_minutes: 5,
    }),
  ).unwrap();
  const brisket = await dispatch(addTemplate({ name: 'Brisket', turn_in_time: '13:30' })).unwrap();
  await dispatch(
    addTemplateStep({ template_id: brisket.id, name: 'Inject', minutes_before_turn_in: 600 }),
  ).unwrap();
  await dispatch(
    addTemplateStep({ template_id: brisket.id, name: 'Box', minutes_before_turn_in: 30 }),
  ).unwrap();
  const ribs = await dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:30' })).unwrap();
  return { contest, brisket, ribs };
}

const attachments = (bundle: TestBundle, contestId: string) =>
  selectContestAttachments(bundle.store.getState(), contestId);

describe('Manage templates panel', () => {
  it('attaches a template with an override, lists it with its turn-in, and re-attaching only updates the override', async () => {
    const bundle = await cookStore();
    const { contest, brisket } = await arrange(bundle);
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Manage templates of Smoke on the Water' }));
    const panel = await screen.findByRole('dialog', { name: 'Manage templates' });
    expect(within(panel).getByText('Attached to this cook-off (0)')).toBeTruthy();

    await user.selectOptions(within(panel).getByLabelText('Template'), 'Brisket (13:30)');
    await user.type(within(panel).getByLabelText('Override Turn-in (HH:MM)'), '2:00 PM');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(within(panel).getByText('Attached to this cook-off (1)')).toBeTruthy());
    expect(within(panel).getByText(/Turn-in 14:00/)).toBeTruthy();
    expect(attachments(bundle, contest.id)).toMatchObject([
      { template_id: brisket.id, override_turn_in_time: '14:00' },
    ]);
    // Focus stays in the panel, on the template select, ready for the next one.
    expect(document.activeElement).toBe(within(panel).getByLabelText('Template'));

    // Adding the same template again only changes its override: still one attachment.
    await user.selectOptions(within(panel).getByLabelText('Template'), 'Brisket (13:30)');
    await user.type(within(panel).getByLabelText('Override Turn-in (HH:MM)'), '15:15');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(attachments(bundle, contest.id)[0]?.override_turn_in_time).toBe('15:15'));
    expect(attachments(bundle, contest.id)).toHaveLength(1);
    expect(within(panel).getByText('Attached to this cook-off (1)')).toBeTruthy();
  });

  it('edits the override of an attachment in place and removes it', async () => {
    const bundle = await cookStore();
    const { contest, ribs } = await arrange(bundle);
    await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: ribs.id })).unwrap();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Manage templates of Smoke on the Water' }));
    const panel = await screen.findByRole('dialog', { name: 'Manage templates' });
    const item = within(panel).getByRole('listitem', { name: 'Ribs' });
    expect(item.textContent).toContain('Turn-in 12:30');
    const override = within(item).getByLabelText('Override turn-in of Ribs (HH:MM)');
    await user.type(override, '11:45');
    await user.tab();
    await waitFor(() => expect(attachments(bundle, contest.id)[0]?.override_turn_in_time).toBe('11:45'));

    await user.click(within(panel).getByRole('button', { name: 'Remove Ribs' }));
    await waitFor(() => expect(within(panel).getByText('Attached to this cook-off (0)')).toBeTruthy());
    expect(attachments(bundle, contest.id)).toHaveLength(0);
  });

  it("writes the turn-ins in the locale's clock ('Ribs (12:30 PM)', 'Turn-in 12:30 PM' in en-US), the override field keeping 'HH:MM'", async () => {
    const bundle = await cookStore();
    const { contest, ribs } = await arrange(bundle);
    await bundle.store
      .dispatch(
        attachTemplate({ contest_id: contest.id, template_id: ribs.id, override_turn_in_time: '13:45' }),
      )
      .unwrap();
    const { user } = renderScreen(bundle, 'en-US');
    await user.click(await screen.findByRole('button', { name: 'Manage templates of Smoke on the Water' }));
    const panel = await screen.findByRole('dialog', { name: 'Manage templates' });
    const item = within(panel).getByRole('listitem', { name: 'Ribs' });
    expect(item.textContent).toContain('Turn-in 1:45 PM (override)');
    expect((within(item).getByLabelText('Override turn-in of Ribs (HH:MM)') as HTMLInputElement).value).toBe(
      '13:45',
    );
    expect(within(panel).getByRole('option', { name: 'Brisket (1:30 PM)' })).toBeTruthy();
  });

  it('shows the attach error text when the template no longer exists', async () => {
    const bundle = await cookStore();
    await arrange(bundle);
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Manage templates of Smoke on the Water' }));
    const panel = await screen.findByRole('dialog', { name: 'Manage templates' });
    const select = within(panel).getByLabelText('Template') as HTMLSelectElement;
    // A template deleted elsewhere between choosing and adding.
    const option = document.createElement('option');
    option.value = 'gone';
    option.textContent = 'Gone';
    select.append(option);
    await user.selectOptions(select, 'Gone');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByRole('alert')).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toMatch(
      /Item not found|Failed to attach template locally/,
    );
  });
});
