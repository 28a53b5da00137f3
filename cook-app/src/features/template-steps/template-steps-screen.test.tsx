import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  addTemplate,
  addTemplateStep,
  deleteTemplateStep,
  selectTemplateSteps,
  type AddTemplateInput,
  type AddTemplateStepInput,
} from '../../store';
import { cookStore, renderWithStore, type TestBundle } from '../../lib/test-support';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { TemplateStepsScreen } from './index';

async function withTemplate(bundle: TestBundle, fields: Partial<AddTemplateInput> = {}) {
  return bundle.store
    .dispatch(addTemplate({ name: 'Brisket', category_id: '4', turn_in_time: '12:00', ...fields }))
    .unwrap();
}

async function withSteps(
  bundle: TestBundle,
  templateId: string,
  steps: Omit<AddTemplateStepInput, 'template_id'>[],
) {
  for (const step of steps) {
    await bundle.store.dispatch(addTemplateStep({ template_id: templateId, ...step })).unwrap();
  }
}

/** The Template steps screen in locale en-GB (24-hour 'at 10:30'), or the one given. */
function renderScreen(bundle: TestBundle, templateId: string, locale = 'en-GB') {
  return renderWithStore(
    bundle,
    <DisplayLocaleProvider locale={locale}>
      <TemplateStepsScreen />
    </DisplayLocaleProvider>,
    { path: `/templates/${templateId}/steps`, route: '/templates/:id/steps' },
  );
}

const storedSteps = (bundle: TestBundle, templateId: string) =>
  selectTemplateSteps(bundle.store.getState(), templateId);
const stepNames = () =>
  within(screen.getByRole('list', { name: 'Steps' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const itemOf = (name: string) => {
  const item = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!item) throw new Error(`no list item for ${name}`);
  return within(item);
};
const addForm = () => within(screen.getByRole('form', { name: 'Add a step' }));

describe('Template steps screen', () => {
  it('shows the template with its category and turn-in, and its steps earliest first with minutes and clock time', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    await withSteps(bundle, template.id, [
      { name: 'Box', minutes_before_turn_in: 15 },
      { name: 'Clean up', minutes_before_turn_in: -30 },
      { name: 'Trim', minutes_before_turn_in: 840, description: 'Fat cap to 1/4 inch' },
      { name: 'Turn in', minutes_before_turn_in: 0 },
      { name: 'Wrap', minutes_before_turn_in: 90 },
    ]);
    renderScreen(bundle, template.id);

    expect(await screen.findByRole('heading', { level: 1, name: 'Brisket' })).toBeTruthy();
    expect(screen.getByText('Turn-in 12:00')).toBeTruthy();
    expect(screen.getAllByText('Brisket')).toHaveLength(2); // the title, and the category under it
    expect(stepNames()).toEqual(['Trim', 'Wrap', 'Box', 'Turn in', 'Clean up']);
    expect(itemOf('Trim').getByText('at 22:00 the day before')).toBeTruthy();
    expect(itemOf('Trim').getByText('14 h before turn-in')).toBeTruthy();
    expect(itemOf('Trim').getByText('Fat cap to 1/4 inch')).toBeTruthy();
    expect(itemOf('Wrap').getByText('at 10:30')).toBeTruthy();
    expect(itemOf('Wrap').getByText('1 h 30 min before turn-in')).toBeTruthy();
    expect(itemOf('Wrap').getByText('No description.')).toBeTruthy();
    expect(itemOf('Turn in').getByText('at turn-in')).toBeTruthy();
    expect(itemOf('Clean up').getByText('at 12:30')).toBeTruthy();
    expect(itemOf('Clean up').getByText('30 min after turn-in')).toBeTruthy();
  });

  it("writes the turn-in and the steps' clock times in the locale's clock (en-US: 'Turn-in 12:00 PM', 'at 10:00 PM the day before')", async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    await withSteps(bundle, template.id, [
      { name: 'Trim', minutes_before_turn_in: 840 },
      { name: 'Sauce', minutes_before_turn_in: 30, turn_in_time: '13:00' },
    ]);
    renderScreen(bundle, template.id, 'en-US');

    expect(await screen.findByText('Turn-in 12:00 PM')).toBeTruthy();
    expect(itemOf('Trim').getByText('at 10:00 PM the day before')).toBeTruthy();
    expect(itemOf('Sauce').getByText('at 12:30 PM')).toBeTruthy();
    expect(itemOf('Sauce').getByText('Own turn-in 1:00 PM')).toBeTruthy();
  });

  it('counts a step with its own turn-in from that time, and shows no clock time when there is no turn-in', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle, { turn_in_time: null, category_id: null });
    await withSteps(bundle, template.id, [
      { name: 'Sauce', minutes_before_turn_in: 30, turn_in_time: '13:00' },
      { name: 'Rest', minutes_before_turn_in: 20 },
    ]);
    renderScreen(bundle, template.id);

    expect(await screen.findByText('No category')).toBeTruthy();
    expect(itemOf('Sauce').getByText('at 12:30')).toBeTruthy();
    expect(itemOf('Sauce').getByText('Own turn-in 13:00')).toBeTruthy();
    expect(itemOf('Rest').getByText('20 min before turn-in')).toBeTruthy();
    expect(itemOf('Rest').queryByText(/^at \d/)).toBeNull();
  });

  it('lists the steps in the order they happen on the day: by due time, own turn-in times included', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle, { turn_in_time: '13:00' });
    await withSteps(bundle, template.id, [
      // Own turn-in 14:00, 50 min before: 13:10, although it has the most minutes before turn-in.
      { name: 'Sauce ribs', minutes_before_turn_in: 50, turn_in_time: '14:00' },
      { name: 'Rest', minutes_before_turn_in: 10 }, // 12:50
      { name: 'Slice', minutes_before_turn_in: -5 }, // 13:05
      { name: 'Trim', minutes_before_turn_in: 840 }, // 23:00 the day before
      { name: 'Box', minutes_before_turn_in: 10 }, // 12:50 as Rest: after it, added later
      { name: 'Glaze', minutes_before_turn_in: 100, turn_in_time: '14:30' }, // 12:50 too
    ]);
    renderScreen(bundle, template.id);

    expect(await screen.findByRole('heading', { level: 1, name: 'Brisket' })).toBeTruthy();
    expect(stepNames()).toEqual(['Trim', 'Rest', 'Box', 'Glaze', 'Slice', 'Sauce ribs']);
    expect(itemOf('Rest').getByText('at 12:50')).toBeTruthy();
    expect(itemOf('Sauce ribs').getByText('at 13:10')).toBeTruthy();
    expect(screen.getByText('In the order they happen on the day.')).toBeTruthy();
  });

  it('moves a step to its new place when an edit changes its time', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle, { turn_in_time: '13:00' });
    await withSteps(bundle, template.id, [
      { name: 'Rest', minutes_before_turn_in: 10 },
      { name: 'Sauce', minutes_before_turn_in: 50 },
    ]);
    const { user } = renderScreen(bundle, template.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Brisket' })).toBeTruthy();
    expect(stepNames()).toEqual(['Sauce', 'Rest']);

    await user.click(screen.getByRole('button', { name: 'Edit Sauce' }));
    const form = within(screen.getByRole('form', { name: 'Edit Sauce' }));
    await user.type(form.getByLabelText(/^Own turn-in time/), '14:00');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stepNames()).toEqual(['Rest', 'Sauce']));
  });

  it("with no steps shows 'No steps yet.' whose action puts focus on the Name field", async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    const { user } = renderScreen(bundle, template.id);

    expect(await screen.findByText('No steps yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add the first step' }));
    expect(document.activeElement).toBe(addForm().getByLabelText(/^Name/));
  });

  it("for an unknown template id shows 'Item not found' and the link back to Templates", async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle, 'no-such-template');

    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to Templates' }));
    expect(screen.getByTestId('location').textContent).toBe('/templates');
  });

  it("refuses to add a step without a name: 'Name is required' beside Name, and nothing stored", async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    const { user } = renderScreen(bundle, template.id);
    const form = addForm();
    const name = await form.findByLabelText(/^Name/);

    await user.click(name);
    await user.tab();
    expect(form.queryByText('Name is required')).toBeNull(); // tabbing through an empty form says nothing
    await user.type(name, 'x{Backspace}');
    await user.tab();
    expect(form.getByText('Name is required')).toBeTruthy();
    await user.type(name, '   ');
    await user.click(form.getByRole('button', { name: 'Add' }));

    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(
      form.getByText('Name is required').closest('p')?.id,
    );
    expect(document.activeElement).toBe(name);
    expect(storedSteps(bundle, template.id)).toEqual([]);
  });

  it('adds a step with Enter in a single-line field, then clears the form and puts focus back on Name', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    const { user } = renderScreen(bundle, template.id);
    const form = addForm();

    await user.type(await form.findByLabelText(/^Name/), 'Trim');
    await user.type(form.getByLabelText(/^Description/), 'Fat cap{Enter}Silver skin');
    expect(storedSteps(bundle, template.id)).toEqual([]); // Enter in the description is a new line
    await user.type(form.getByLabelText(/^Own turn-in time/), '1:30 pm');
    await user.type(form.getByLabelText(/^Minutes before turn-in/), '90{Enter}');

    await waitFor(() => expect(storedSteps(bundle, template.id)).toHaveLength(1));
    expect(storedSteps(bundle, template.id)[0]).toMatchObject({
      name: 'Trim',
      description: 'Fat cap\nSilver skin',
      minutes_before_turn_in: 90,
      turn_in_time: '13:30',
    });
    expect(itemOf('Trim').getByText('at 12:00')).toBeTruthy();
    const name = form.getByLabelText(/^Name/) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe(''));
    expect(document.activeElement).toBe(name);
    expect((form.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('');
    expect((form.getByLabelText(/^Minutes before turn-in/) as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText(/^Own turn-in time/) as HTMLInputElement).value).toBe('');
    expect(form.queryByText('Name is required')).toBeNull();
  });

  it("adds a step with empty minutes as 0 ('at turn-in')", async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    const { user } = renderScreen(bundle, template.id);

    await user.type(await addForm().findByLabelText(/^Name/), 'Turn in{Enter}');

    await waitFor(() => expect(storedSteps(bundle, template.id)).toHaveLength(1));
    expect(storedSteps(bundle, template.id)[0]?.minutes_before_turn_in).toBe(0);
    expect(itemOf('Turn in').getByText('at turn-in')).toBeTruthy();
  });

  it("when the device cannot store the step, shows 'Failed to add step' and keeps what was typed", async () => {
    let broken = false;
    let next = 0;
    const bundle = await cookStore({
      newId: () => {
        if (broken) throw new Error('QuotaExceededError');
        return `id-${++next}`;
      },
    });
    const template = await withTemplate(bundle);
    const { user } = renderScreen(bundle, template.id);
    broken = true;

    await user.type(await addForm().findByLabelText(/^Name/), 'Trim{Enter}');

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to add step');
    expect((addForm().getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Trim');
    expect(storedSteps(bundle, template.id)).toEqual([]);
  });

  it('edits a step in place: Save stores the changes, shows them, and returns focus to Edit', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    await withSteps(bundle, template.id, [{ name: 'Trim', minutes_before_turn_in: 840 }]);
    const { user } = renderScreen(bundle, template.id);

    await user.click(await screen.findByRole('button', { name: 'Edit Trim' }));
    const form = within(screen.getByRole('form', { name: 'Edit Trim' }));
    const name = form.getByLabelText(/^Name/);
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByText('Name is required')).toBeTruthy();
    expect(storedSteps(bundle, template.id)[0]?.name).toBe('Trim');

    await user.type(name, 'Trim fat');
    await user.type(form.getByLabelText(/^Description/), 'Quarter inch');
    const minutes = form.getByLabelText(/^Minutes before turn-in/);
    await user.clear(minutes);
    await user.type(minutes, '870');
    await user.click(form.getByRole('button', { name: 'Save' }));

    const edit = await screen.findByRole('button', { name: 'Edit Trim fat' });
    expect(storedSteps(bundle, template.id)[0]).toMatchObject({
      name: 'Trim fat',
      description: 'Quarter inch',
      minutes_before_turn_in: 870,
    });
    expect(itemOf('Trim fat').getByText('14 h 30 min before turn-in')).toBeTruthy();
    expect(itemOf('Trim fat').getByText('at 21:30 the day before')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('leaves the step as stored when the edit is cancelled with Escape or with Cancel', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    await withSteps(bundle, template.id, [{ name: 'Trim', minutes_before_turn_in: 840 }]);
    const before = storedSteps(bundle, template.id)[0];
    const { user } = renderScreen(bundle, template.id);

    await user.click(await screen.findByRole('button', { name: 'Edit Trim' }));
    await user.type(within(screen.getByRole('form', { name: 'Edit Trim' })).getByLabelText(/^Name/), ' more');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit Trim' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Trim' }));

    await user.click(screen.getByRole('button', { name: 'Edit Trim' }));
    const form = within(screen.getByRole('form', { name: 'Edit Trim' }));
    await user.clear(form.getByLabelText(/^Minutes before turn-in/));
    await user.type(form.getByLabelText(/^Minutes before turn-in/), '5');
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form', { name: 'Edit Trim' })).toBeNull();
    expect(itemOf('Trim').getByText('14 h before turn-in')).toBeTruthy();
    expect(storedSteps(bundle, template.id)[0]).toBe(before);
  });

  it('removes a step only after the confirmation, from the list and from the store', async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    await withSteps(bundle, template.id, [
      { name: 'Trim', minutes_before_turn_in: 840 },
      { name: 'Box', minutes_before_turn_in: 15 },
    ]);
    const { user } = renderScreen(bundle, template.id);

    await user.click(await screen.findByRole('button', { name: 'Remove Trim' }));
    let dialog = within(screen.getByRole('alertdialog', { name: 'Remove step' }));
    expect(dialog.getByText('Remove "Trim" from Brisket?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(storedSteps(bundle, template.id)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Trim' }));
    dialog = within(screen.getByRole('alertdialog', { name: 'Remove step' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(storedSteps(bundle, template.id).map((step) => step.name)).toEqual(['Box']);
    expect(stepNames()).toEqual(['Box']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Steps' }));
  });

  it("reports the store's answer when the step to remove is already gone", async () => {
    const bundle = await cookStore();
    const template = await withTemplate(bundle);
    await withSteps(bundle, template.id, [{ name: 'Trim', minutes_before_turn_in: 840 }]);
    const { user } = renderScreen(bundle, template.id);

    await user.click(await screen.findByRole('button', { name: 'Remove Trim' }));
    const [step] = storedSteps(bundle, template.id);
    await bundle.store.dispatch(deleteTemplateStep(step?.id ?? '')).unwrap(); // e.g. from another tab
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Item not found');
    expect(screen.getByText('No steps yet.')).toBeTruthy();
  });
});
