import { describe, expect, it } from 'vitest';
import { categorySelectors, templateSelectors } from '../selectors';
import { expectRejectedUnchanged, readyStore } from '../test-helpers';
import { addCategory, deleteCategory, getCategories, isCategoryInUse, updateCategory } from './categories';
import { addContest } from './contests';
import { addTemplate } from './templates';

describe('categories', () => {
  it('adds a trimmed category owned by the user, stamped created_at, updated_at, is_local', async () => {
    const store = await readyStore();
    const category = await store
      .dispatch(addCategory({ name: '  Jackpot ', description: ' Dessert ' }))
      .unwrap();
    expect(category).toEqual({
      id: 'id-1',
      name: 'Jackpot',
      description: 'Dessert',
      user_id: 'local',
      created_at: '2026-06-01T15:00:00.000Z',
      updated_at: '2026-06-01T15:00:00.000Z',
      is_local: true,
    });
    expect(categorySelectors.selectById(store.getState(), 'id-1')).toEqual(category);
  });

  it('lists global categories first, then own ones by name', async () => {
    const store = await readyStore();
    await store.dispatch(addCategory({ name: 'Anything But' })).unwrap();
    const names = (await store.dispatch(getCategories()).unwrap()).map((c) => c.name);
    expect(names).toEqual(['Brisket', 'Chicken', 'Pork', 'Ribs', 'Anything But']);
  });

  it('refuses an empty name on create with SPEC text and changes nothing', async () => {
    const store = await readyStore();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(addCategory({ name: '   ' })).unwrap(),
      'Please enter a category name.',
    );
  });

  it('renames an own category, and its templates follow', async () => {
    const store = await readyStore();
    const category = await store.dispatch(addCategory({ name: 'Jackpot' })).unwrap();
    const template = await store
      .dispatch(addTemplate({ name: 'Dessert', category_id: category.id }))
      .unwrap();
    store.clock.now += 60_000;
    const renamed = await store.dispatch(updateCategory({ id: category.id, name: ' Dessert box ' })).unwrap();
    expect(renamed).toMatchObject({
      name: 'Dessert box',
      updated_at: '2026-06-01T15:01:00.000Z',
      created_at: category.created_at,
    });
    expect(templateSelectors.selectById(store.getState(), template.id)?.category_name).toBe('Dessert box');
  });

  it("refuses an empty name on edit with 'Name cannot be empty.'", async () => {
    const store = await readyStore();
    const category = await store.dispatch(addCategory({ name: 'Jackpot' })).unwrap();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateCategory({ id: category.id, name: '' })).unwrap(),
      'Name cannot be empty.',
    );
  });

  it('keeps global categories read-only: no edit, no delete', async () => {
    const store = await readyStore();
    const message = 'Global categories cannot be edited or deleted.';
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateCategory({ id: '1', name: 'Poultry' })).unwrap(),
      message,
    );
    await expectRejectedUnchanged(store, () => store.dispatch(deleteCategory('1')).unwrap(), message);
  });

  it("answers 'Item not found' for an unknown category", async () => {
    const store = await readyStore();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateCategory({ id: 'nope', name: 'X' })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(deleteCategory('nope')).unwrap(),
      'Item not found',
    );
  });

  it('refuses to delete a category used by a template, with the exact message', async () => {
    const store = await readyStore();
    const category = await store.dispatch(addCategory({ name: 'Jackpot' })).unwrap();
    await store.dispatch(addTemplate({ name: 'Dessert', category_id: category.id })).unwrap();
    expect(await store.dispatch(isCategoryInUse(category.id)).unwrap()).toBe(true);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(deleteCategory(category.id)).unwrap(),
      'Cannot delete category "Jackpot" because it is being used by templates or contests.',
    );
  });

  it('refuses to delete a category used by a cook-off', async () => {
    const store = await readyStore();
    const category = await store.dispatch(addCategory({ name: 'Steak' })).unwrap();
    await store
      .dispatch(addContest({ name: 'Odessa', sanctioning_body_id: '1', category_id: category.id }))
      .unwrap();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(deleteCategory(category.id)).unwrap(),
      'Cannot delete category "Steak" because it is being used by templates or contests.',
    );
  });

  it('deletes an unused own category', async () => {
    const store = await readyStore();
    const category = await store.dispatch(addCategory({ name: 'Jackpot' })).unwrap();
    expect(await store.dispatch(isCategoryInUse(category.id)).unwrap()).toBe(false);
    await store.dispatch(deleteCategory(category.id)).unwrap();
    expect(categorySelectors.selectById(store.getState(), category.id)).toBeUndefined();
  });
});
