import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { addCategory, archiveTemplate, selectActiveTemplates } from '../../store';
import {
  attachToCookOff,
  cookStore,
  namesIn,
  renderScreen,
  withSteps,
  withTemplate,
  type TestBundle,
} from './test-support';

/** Brisket (Brisket, 13:30), Pork Butt (Pork, 12:30), Wings (Chicken, no time) active; Old Ribs archived. */
async function withMenu(bundle: TestBundle) {
  const brisket = await withTemplate(bundle, { name: 'Brisket', category_id: '4', turn_in_time: '13:30' });
  const pork = await withTemplate(bundle, { name: 'Pork Butt', category_id: '3', turn_in_time: '12:30' });
  const wings = await withTemplate(bundle, { name: 'Wings', category_id: '1' });
  const ribs = await withTemplate(bundle, { name: 'Old Ribs', category_id: '2' });
  await attachToCookOff(bundle, ribs.id);
  await bundle.store.dispatch(archiveTemplate(ribs.id)).unwrap();
  return { brisket, pork, wings, ribs };
}

describe('Templates screen', () => {
  it('shows a spinner until the first load answers, then the first-use state when there are no templates', async () => {
    const bundle = await cookStore();
    renderScreen(bundle);
    expect(screen.getByRole('status').textContent).toBe('Loading templates');
    expect(await screen.findByRole('heading', { name: 'Create Your First Timing Template' })).toBeTruthy();
    expect(screen.queryByText('Loading templates')).toBeNull();
  });

  it('with no templates at all shows the first-use guide, whose button opens the add dialog', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    const guide = (await screen.findByRole('heading', { name: 'Create Your First Timing Template' })).closest(
      'section',
    )!;
    const steps = within(within(guide).getByRole('list', { name: 'Quick start' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]!.textContent).toContain('turn-in time');
    expect(steps[1]!.textContent).toContain('minutes before turn-in');
    expect(within(steps[2]!).getByRole('link', { name: 'Cook-offs' }).getAttribute('href')).toBe('/contests');
    expect(steps[3]!.textContent).toContain('start the cook-off');
    expect(screen.queryByRole('tablist')).toBeNull();

    await user.click(within(guide).getByRole('button', { name: 'Create Template' }));
    expect(screen.getByRole('dialog', { name: 'Add Template' })).toBeTruthy();
  });

  it('lists active templates in order on the Active tab and archived ones on the Archived tab', async () => {
    const bundle = await cookStore();
    await withMenu(bundle);
    const { user } = renderScreen(bundle);
    expect(await screen.findByRole('heading', { level: 1, name: 'Templates' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    expect(namesIn('Active templates')).toEqual(['Brisket', 'Pork Butt', 'Wings']);

    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(namesIn('Archived templates')).toEqual(['Old Ribs']);
    const archived = screen.getByRole('list', { name: 'Archived templates' });
    expect(within(archived).getByRole('button', { name: 'Restore Old Ribs' })).toBeTruthy();
    expect(within(archived).queryByRole('button', { name: /^Reorder / })).toBeNull();
  });

  it('search filters both tabs by template name or category name and says when nothing matches', async () => {
    const bundle = await cookStore();
    await withMenu(bundle);
    const { user } = renderScreen(bundle);
    const search = await screen.findByRole('searchbox', { name: 'Search templates' });

    await user.type(search, 'pork');
    expect(namesIn('Active templates')).toEqual(['Pork Butt']);
    await user.clear(search);
    await user.type(search, 'CHICK');
    expect(namesIn('Active templates')).toEqual(['Wings']);
    await user.clear(search);
    await user.type(search, 'ribs');
    expect(screen.getByRole('heading', { name: 'No templates found' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(namesIn('Archived templates')).toEqual(['Old Ribs']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('heading', { name: 'No templates found' })).toBeTruthy();
  });

  it('an empty Archived tab says "No archived templates"', async () => {
    const bundle = await cookStore();
    await withTemplate(bundle, { name: 'Brisket' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('tab', { name: 'Archived' }));
    expect(screen.getByRole('heading', { name: 'No archived templates' })).toBeTruthy();
  });

  it('a row links its name to the steps and shows the step count, category, turn-in and usage', async () => {
    const bundle = await cookStore();
    const { brisket, wings } = await withMenu(bundle);
    await withSteps(bundle, brisket.id, ['Trim', 'Inject', 'Wrap']);
    await withSteps(bundle, wings.id, ['Brine']);
    await attachToCookOff(bundle, brisket.id, 'Smoke on the Water');
    await attachToCookOff(bundle, brisket.id, 'Pig Out');
    const { user } = renderScreen(bundle);

    const row = (await screen.findByRole('link', { name: 'Brisket' })).closest('li')!;
    expect(row.textContent).toContain('3 steps');
    expect(row.textContent).toContain('Turn-in 13:30');
    expect(row.textContent).toContain('Used by 2 cook-offs');
    const wingsRow = screen.getByRole('link', { name: 'Wings' }).closest('li')!;
    expect(wingsRow.textContent).toContain('1 step');
    expect(wingsRow.textContent).toContain('No turn-in time');
    expect(wingsRow.textContent).toContain('Not used yet');

    await user.click(screen.getByRole('link', { name: 'Brisket' }));
    expect(screen.getByTestId('location').textContent).toBe(`/templates/${brisket.id}/steps`);
  });

  it("writes a row's turn-in in the locale's clock ('Turn-in 1:30 PM' in en-US)", async () => {
    const bundle = await cookStore();
    await withMenu(bundle);
    renderScreen(bundle, { locale: 'en-US' });

    const row = (await screen.findByRole('link', { name: 'Brisket' })).closest('li')!;
    expect(row.textContent).toContain('Turn-in 1:30 PM');
    expect(row.textContent).not.toContain('13:30');
  });

  it('labels global categories Global and own categories Yours, in the rows and in the category select', async () => {
    const bundle = await cookStore();
    const own = await bundle.store.dispatch(addCategory({ name: 'Jackpot Wings' })).unwrap();
    await withTemplate(bundle, { name: 'Brisket', category_id: '4' });
    await withTemplate(bundle, { name: 'Hot Wings', category_id: own.id });
    const { user } = renderScreen(bundle);

    const brisket = (await screen.findByRole('link', { name: 'Brisket' })).closest('li')!;
    expect(brisket.textContent).toContain('Brisket');
    expect(within(brisket).getByText('Global')).toBeTruthy();
    const wings = screen.getByRole('link', { name: 'Hot Wings' }).closest('li')!;
    expect(wings.textContent).toContain('Jackpot Wings');
    expect(within(wings).getByText('Yours')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Template' }));
    const select = within(screen.getByRole('dialog', { name: 'Add Template' })).getByLabelText('Category');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'No category',
      'Brisket (Global)',
      'Chicken (Global)',
      'Pork (Global)',
      'Ribs (Global)',
      'Jackpot Wings (Yours)',
    ]);
  });

  it('the add dialog focuses the name, refuses an empty name on Enter and creates a trimmed template on Enter', async () => {
    const bundle = await cookStore();
    await withTemplate(bundle, { name: 'Wings' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Add Template' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Template' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    expect(document.activeElement).toBe(name);

    await user.keyboard('{Enter}');
    expect(dialog.getByText('Name cannot be empty')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(selectActiveTemplates(bundle.store.getState())).toHaveLength(1);

    await user.type(name, '  Brisket  ');
    await user.selectOptions(dialog.getByLabelText('Category'), 'Brisket (Global)');
    await user.type(dialog.getByLabelText(/^Turn-in time/), '1:30 pm{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(selectActiveTemplates(bundle.store.getState()).at(-1)).toMatchObject({
      name: 'Brisket',
      category_id: '4',
      category_name: 'Brisket',
      turn_in_time: '13:30',
      is_archived: false,
    });
    expect(namesIn('Active templates')).toEqual(['Wings', 'Brisket']);
  });

  it('the add dialog creates a template with only a name (category and turn-in time are optional)', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Add Template' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Jackpot Dessert');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('link', { name: 'Jackpot Dessert' })).toBeTruthy();
    expect(selectActiveTemplates(bundle.store.getState())[0]).toMatchObject({
      name: 'Jackpot Dessert',
      category_id: null,
      turn_in_time: null,
    });
  });
});
