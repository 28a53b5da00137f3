import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Storage } from 'redux-persist';
import {
  addCategory,
  addTemplate,
  categorySelectors,
  createCookStore,
  selectCategories,
  type AddCategoryInput,
} from '../../store';
import { cookStore, renderWithStore, type TestBundle } from '../../lib/test-support';
import { CategoriesScreen } from './categories-screen';

const GLOBALS = ['Brisket', 'Chicken', 'Pork', 'Ribs'];

function renderScreen(bundle: TestBundle) {
  return renderWithStore(bundle, <CategoriesScreen />, { path: '/categories' });
}

function withCategory(
  bundle: TestBundle,
  input: AddCategoryInput = { name: 'Jackpot', description: 'Dessert' },
) {
  return bundle.store.dispatch(addCategory(input)).unwrap();
}

const storedNames = (bundle: TestBundle) => selectCategories(bundle.store.getState()).map((c) => c.name);

/** The list item of the category named `name`. */
async function itemOf(name: string) {
  const list = await screen.findByRole('list', { name: 'Categories' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(name, { exact: true }));
  if (!item) throw new Error(`no item named ${name}`);
  return within(item);
}

describe('Categories screen', () => {
  it('lists the four seeded global categories labelled Global, with no Edit or Delete and the read-only note', async () => {
    const bundle = await cookStore();
    renderScreen(bundle);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Categories']);
    for (const name of GLOBALS) {
      const item = await itemOf(name);
      expect(item.getByText('Global')).toBeTruthy();
      expect(item.queryByRole('button')).toBeNull();
    }
    expect(screen.getByText('Global categories are read-only.')).toBeTruthy();
  });

  it('Add Category submitted with an empty name shows "Please enter a category name." beside Name and stores nothing', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Category' }));
    await user.type(dialog.getByLabelText(/^Name/), '   ');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    const name = dialog.getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a category name.',
    );
    expect(screen.getByRole('dialog', { name: 'Add Category' })).toBeTruthy();
    expect(storedNames(bundle)).toEqual(GLOBALS);
  });

  it('Add Category puts focus in Name, Enter submits, and the trimmed category is stored and listed as Yours', async () => {
    const bundle = await cookStore();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Category' }));
    expect(document.activeElement).toBe(dialog.getByLabelText(/^Name/));
    await user.keyboard('  Jackpot  ');
    await user.type(dialog.getByLabelText('Description'), ' Dessert box {Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stored = selectCategories(bundle.store.getState()).find((c) => c.name === 'Jackpot');
    expect(stored).toMatchObject({ name: 'Jackpot', description: 'Dessert box', user_id: 'local' });
    const item = await itemOf('Jackpot');
    expect(item.getByText('Yours')).toBeTruthy();
    expect(item.getByText('Dessert box')).toBeTruthy();
    expect(item.getByRole('button', { name: 'Edit Jackpot' })).toBeTruthy();
    expect(item.getByRole('button', { name: 'Delete Jackpot' })).toBeTruthy();
  });

  it('edit shows "Name cannot be empty." beside an emptied Name, and Escape cancels leaving the store unchanged', async () => {
    const bundle = await cookStore();
    const category = await withCategory(bundle);
    const { user } = renderScreen(bundle);
    await user.click((await itemOf('Jackpot')).getByRole('button', { name: 'Edit Jackpot' }));
    const form = within(screen.getByRole('form', { name: 'Edit Jackpot' }));
    const name = form.getByLabelText(/^Name/);
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    expect(form.getByText('Name cannot be empty.')).toBeTruthy();
    expect((form.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit Jackpot' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Jackpot' }));
    expect(categorySelectors.selectById(bundle.store.getState(), category.id)).toEqual(category);
  });

  it('edit Save stores the trimmed name and description and lists them', async () => {
    const bundle = await cookStore();
    const category = await withCategory(bundle);
    const { user } = renderScreen(bundle);
    await user.click((await itemOf('Jackpot')).getByRole('button', { name: 'Edit Jackpot' }));
    const form = within(screen.getByRole('form', { name: 'Edit Jackpot' }));
    await user.clear(form.getByLabelText(/^Name/));
    await user.type(form.getByLabelText(/^Name/), '  Sauces  ');
    await user.clear(form.getByLabelText('Description'));
    await user.type(form.getByLabelText('Description'), '  Red and white  ');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(categorySelectors.selectById(bundle.store.getState(), category.id)).toMatchObject({
      name: 'Sauces',
      description: 'Red and white',
    });
    const item = await itemOf('Sauces');
    expect(item.getByText('Red and white')).toBeTruthy();
    expect(item.getByText('Yours')).toBeTruthy();
  });

  it('delete asks for confirmation; Cancel keeps the category and Delete removes it from the store and the list', async () => {
    const bundle = await cookStore();
    const category = await withCategory(bundle);
    const { user } = renderScreen(bundle);
    await user.click((await itemOf('Jackpot')).getByRole('button', { name: 'Delete Jackpot' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete category' });
    expect(dialog.textContent).toContain('Delete "Jackpot"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(categorySelectors.selectById(bundle.store.getState(), category.id)).toEqual(category);

    await user.click(screen.getByRole('button', { name: 'Delete Jackpot' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete category' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Jackpot')).toBeNull());
    expect(categorySelectors.selectById(bundle.store.getState(), category.id)).toBeUndefined();
    expect(storedNames(bundle)).toEqual(GLOBALS);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Categories' }));
  });

  it('delete of a category used by a template shows the in-use message without asking and stores nothing', async () => {
    const bundle = await cookStore();
    const category = await withCategory(bundle);
    await bundle.store.dispatch(addTemplate({ name: 'Dessert', category_id: category.id })).unwrap();
    const before = bundle.store.getState();
    const { user } = renderScreen(bundle);
    await user.click((await itemOf('Jackpot')).getByRole('button', { name: 'Delete Jackpot' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Category not deleted' });
    expect(
      within(dialog).getByText(
        'Cannot delete category "Jackpot" because it is being used by templates or contests.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Delete category' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bundle.store.getState()).toBe(before);
  });

  it("shows the store's refusal when the category came into use between the question and the confirmation", async () => {
    const bundle = await cookStore();
    const category = await withCategory(bundle);
    const { user } = renderScreen(bundle);
    await user.click((await itemOf('Jackpot')).getByRole('button', { name: 'Delete Jackpot' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete category' });
    await bundle.store.dispatch(addTemplate({ name: 'Dessert', category_id: category.id })).unwrap();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Category not deleted' });
    expect(dialog.textContent).toContain(
      'Cannot delete category "Jackpot" because it is being used by templates or contests.',
    );
    expect(categorySelectors.selectById(bundle.store.getState(), category.id)).toEqual(category);
  });

  it('shows a spinner, not the empty state, while the stored data is still loading', async () => {
    const pending = new Promise<never>(() => {});
    const storage: Storage = {
      getItem: () => pending,
      setItem: () => Promise.resolve(),
      removeItem: () => Promise.resolve(),
    };
    const bundle = createCookStore({ storage, page: null });
    render(
      <Provider store={bundle.store}>
        <CategoriesScreen />
      </Provider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading categories');
    expect(screen.queryByText('No categories yet.')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    bundle.dispose();
  });
});
