import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { archiveTemplate, detachTemplate, STORE_MESSAGES, templateSelectors } from '../../store';
import {
  attachToCookOff,
  cookStore,
  namesIn,
  renderScreen,
  storedTemplate,
  withSteps,
  withTemplate,
} from './test-support';

describe('Templates screen: row actions', () => {
  it('inline edit shows "Name cannot be empty" beside an emptied name, does not save it, and Escape cancels', async () => {
    const bundle = await cookStore();
    const brisket = await withTemplate(bundle, { name: 'Brisket', category_id: '4', turn_in_time: '13:30' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Edit Brisket' }));
    const form = within(screen.getByRole('form', { name: 'Edit Brisket' }));
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    expect((form.getByLabelText('Category') as HTMLSelectElement).value).toBe('4');
    expect((form.getByLabelText('Turn-in time') as HTMLInputElement).value).toBe('13:30');

    await user.clear(name);
    expect(form.getByText('Name cannot be empty')).toBeTruthy();
    expect(name.getAttribute('aria-describedby')).toContain(
      form.getByText('Name cannot be empty').closest('p')!.id,
    );
    await user.keyboard('{Enter}');
    expect(screen.getByRole('form', { name: 'Edit Brisket' })).toBeTruthy();
    expect(storedTemplate(bundle, brisket.id)?.name).toBe('Brisket');

    await user.type(name, 'Renamed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Brisket' })).toBeTruthy();
    expect(storedTemplate(bundle, brisket.id)).toMatchObject({ name: 'Brisket', turn_in_time: '13:30' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Brisket' }));
  });

  it('after an inline edit the focus goes back to Edit once, not again when the row reappears', async () => {
    const bundle = await cookStore();
    await withTemplate(bundle, { name: 'Brisket' });
    await withTemplate(bundle, { name: 'Wings' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Edit Brisket' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Brisket' }));

    const search = screen.getByRole('searchbox', { name: 'Search templates' });
    await user.type(search, 'wings');
    await user.clear(search);
    expect(namesIn('Active templates')).toEqual(['Brisket', 'Wings']);
    expect(document.activeElement).toBe(search);
  });

  it('inline edit saves name, category and turn-in time with Enter', async () => {
    const bundle = await cookStore();
    const brisket = await withTemplate(bundle, { name: 'Brisket', category_id: '4', turn_in_time: '13:30' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Edit Brisket' }));
    const form = within(screen.getByRole('form', { name: 'Edit Brisket' }));
    await user.clear(form.getByRole('textbox', { name: 'Name' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), '  Pork Butt ');
    await user.selectOptions(form.getByLabelText('Category'), 'Pork (Global)');
    const time = form.getByLabelText('Turn-in time');
    await user.clear(time);
    await user.type(time, '12:30{Enter}');

    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(storedTemplate(bundle, brisket.id)).toMatchObject({
      name: 'Pork Butt',
      category_id: '3',
      category_name: 'Pork',
      turn_in_time: '12:30',
    });
    const row = screen.getByRole('link', { name: 'Pork Butt' }).closest('li')!;
    expect(row.textContent).toContain('Turn-in 12:30');
  });

  it('offers Archive only for a used template and Delete only for an unused one', async () => {
    const bundle = await cookStore();
    const used = await withTemplate(bundle, { name: 'Brisket' });
    await withTemplate(bundle, { name: 'Wings' });
    await attachToCookOff(bundle, used.id);
    renderScreen(bundle);

    const brisket = (await screen.findByRole('link', { name: 'Brisket' })).closest('li')!;
    expect(brisket.textContent).toContain('Used by 1 cook-off');
    expect(within(brisket).getByRole('button', { name: 'Archive Brisket' })).toBeTruthy();
    expect(within(brisket).queryByRole('button', { name: 'Delete Brisket' })).toBeNull();
    const wings = screen.getByRole('link', { name: 'Wings' }).closest('li')!;
    expect(within(wings).queryByRole('button', { name: 'Archive Wings' })).toBeNull();
    expect(within(wings).getByRole('button', { name: 'Delete Wings' })).toBeTruthy();
  });

  it('Archive moves a used template to the Archived tab and stores it archived', async () => {
    const bundle = await cookStore();
    const brisket = await withTemplate(bundle, { name: 'Brisket' });
    await withTemplate(bundle, { name: 'Wings' });
    await attachToCookOff(bundle, brisket.id);
    const { user } = renderScreen(bundle);

    await user.click(await screen.findByRole('button', { name: 'Archive Brisket' }));
    await waitFor(() => expect(namesIn('Active templates')).toEqual(['Wings']));
    expect(storedTemplate(bundle, brisket.id)?.is_archived).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(namesIn('Archived templates')).toEqual(['Brisket']);
  });

  it('Delete asks first: Cancel keeps the template, confirming removes it and its steps from the store', async () => {
    const bundle = await cookStore();
    const wings = await withTemplate(bundle, { name: 'Wings' });
    await withTemplate(bundle, { name: 'Brisket' });
    await withSteps(bundle, wings.id, ['Brine', 'Sauce']);
    const { user } = renderScreen(bundle);

    await user.click(await screen.findByRole('button', { name: 'Delete Wings' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete template' });
    expect(dialog.textContent).toContain('Delete "Wings" and its steps?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(storedTemplate(bundle, wings.id)).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Delete Wings' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete template' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Wings' })).toBeNull());
    expect(storedTemplate(bundle, wings.id)).toBeUndefined();
    const steps = Object.values(bundle.store.getState().template_steps.entities);
    expect(steps.filter((step) => step?.template_id === wings.id)).toEqual([]);
    expect(templateSelectors.selectTotal(bundle.store.getState())).toBe(1);
  });

  it('deleting the last template brings back the first-use state', async () => {
    const bundle = await cookStore();
    await withTemplate(bundle, { name: 'Wings' });
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Delete Wings' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Create Your First Timing Template' })).toBeTruthy();
  });

  it('Restore brings an archived template back to the Active tab and stores it active', async () => {
    const bundle = await cookStore();
    const ribs = await withTemplate(bundle, { name: 'Ribs' });
    await attachToCookOff(bundle, ribs.id);
    await bundle.store.dispatch(archiveTemplate(ribs.id)).unwrap();
    const { user } = renderScreen(bundle);

    await user.click(await screen.findByRole('tab', { name: 'Active' }));
    expect(screen.getByRole('heading', { name: 'No templates found' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    await user.click(screen.getByRole('button', { name: 'Restore Ribs' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No archived templates' })).toBeTruthy());
    expect(storedTemplate(bundle, ribs.id)?.is_archived).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    expect(namesIn('Active templates')).toEqual(['Ribs']);
  });

  it('an archive the store refuses shows its reason in a red banner and leaves the template active', async () => {
    const bundle = await cookStore();
    const brisket = await withTemplate(bundle, { name: 'Brisket' });
    const contest = await attachToCookOff(bundle, brisket.id);
    renderScreen(bundle);
    const archive = await screen.findByRole('button', { name: 'Archive Brisket' });

    // A detach still in flight when Archive is clicked: by the time the archive runs, nothing uses it.
    void bundle.store.dispatch(detachTemplate({ contest_id: contest.id, template_id: brisket.id }));
    fireEvent.click(archive);

    expect((await screen.findByRole('alert')).textContent).toContain(STORE_MESSAGES.templateNotInUse);
    expect(storedTemplate(bundle, brisket.id)?.is_archived).toBe(false);
    expect(namesIn('Active templates')).toEqual(['Brisket']);
  });
});
