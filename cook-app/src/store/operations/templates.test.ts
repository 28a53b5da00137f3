import { describe, expect, it } from 'vitest';
import {
  selectActiveTemplates,
  selectTemplateUsage,
  templateSelectors,
  templateStepSelectors,
} from '../selectors';
import { expectRejectedUnchanged, readyStore, type TestStore } from '../test-helpers';
import { addContest, attachTemplate } from './contests';
import { getOrStartRunForContest } from './runs';
import { addTemplateStep } from './steps';
import {
  addTemplate,
  archiveTemplate,
  deleteTemplate,
  getTemplates,
  reorderTemplates,
  restoreTemplate,
  updateTemplate,
} from './templates';

async function threeTemplates(store: TestStore) {
  const a = await store.dispatch(addTemplate({ name: 'Chicken' })).unwrap();
  const b = await store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
  const c = await store.dispatch(addTemplate({ name: 'Brisket' })).unwrap();
  return [a, b, c] as const;
}

async function attachToNewContest(store: TestStore, templateId: string) {
  const contest = await store.dispatch(addContest({ name: 'Odessa', sanctioning_body_id: '1' })).unwrap();
  await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: templateId })).unwrap();
  return contest;
}

describe('templates', () => {
  it('adds an active template at the end with its category name and a 24-hour turn-in time', async () => {
    const store = await readyStore();
    await store.dispatch(addTemplate({ name: 'First' })).unwrap();
    const template = await store
      .dispatch(addTemplate({ name: ' Ribs ', category_id: '2', turn_in_time: '1:30 PM' }))
      .unwrap();
    expect(template).toMatchObject({
      name: 'Ribs',
      category_id: '2',
      category_name: 'Ribs',
      turn_in_time: '13:30',
      is_archived: false,
      sort_index: 1,
      user_id: 'local',
      is_local: true,
      created_at: '2026-06-01T15:00:00.000Z',
      updated_at: '2026-06-01T15:00:00.000Z',
    });
  });

  it.each([
    [{ name: ' ' }, 'Name cannot be empty'],
    [{ name: 'Ribs', category_id: 'nope' }, 'Item not found'],
    [{ name: 'Ribs', turn_in_time: 'noonish' }, 'Please pick a valid time (HH:MM).'],
  ])('refuses %o with %s and changes nothing', async (input, message) => {
    const store = await readyStore();
    await expectRejectedUnchanged(store, () => store.dispatch(addTemplate(input)).unwrap(), message);
  });

  it('updates name and turn-in time; an empty name or unknown id is refused', async () => {
    const store = await readyStore();
    const [a] = await threeTemplates(store);
    store.clock.now += 1000;
    const updated = await store
      .dispatch(updateTemplate({ id: a.id, name: 'Thighs', turn_in_time: '' }))
      .unwrap();
    expect(updated).toMatchObject({
      name: 'Thighs',
      turn_in_time: null,
      updated_at: '2026-06-01T15:00:01.000Z',
    });
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateTemplate({ id: a.id, name: '' })).unwrap(),
      'Name cannot be empty',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateTemplate({ id: 'nope', name: 'X' })).unwrap(),
      'Item not found',
    );
  });

  it('counts usage: contests it is attached to and run steps made from it', async () => {
    const store = await readyStore();
    const [a, b] = await threeTemplates(store);
    await store
      .dispatch(addTemplateStep({ template_id: a.id, name: 'Inject', minutes_before_turn_in: 120 }))
      .unwrap();
    await store
      .dispatch(addTemplateStep({ template_id: a.id, name: 'Box', minutes_before_turn_in: 10 }))
      .unwrap();
    const contest = await attachToNewContest(store, a.id);
    await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    const templates = await store.dispatch(getTemplates()).unwrap();
    expect(templates.find((t) => t.id === a.id)).toMatchObject({ usage_contests: 1, usage_run_steps: 2 });
    expect(templates.find((t) => t.id === b.id)).toMatchObject({ usage_contests: 0, usage_run_steps: 0 });
    expect(selectTemplateUsage(store.getState())[a.id]).toEqual({ usage_contests: 1, usage_run_steps: 2 });
  });

  it('archives only a template in use and restores it', async () => {
    const store = await readyStore();
    const [a, b] = await threeTemplates(store);
    await attachToNewContest(store, a.id);
    const archived = await store.dispatch(archiveTemplate(a.id)).unwrap();
    expect(archived.is_archived).toBe(true);
    expect((await store.dispatch(getTemplates({ archived: true })).unwrap()).map((t) => t.id)).toEqual([
      a.id,
    ]);
    expect(selectActiveTemplates(store.getState()).map((t) => t.id)).not.toContain(a.id);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(archiveTemplate(b.id)).unwrap(),
      'Only a template in use can be archived; delete it instead.',
    );
    const restored = await store.dispatch(restoreTemplate(a.id)).unwrap();
    expect(restored.is_archived).toBe(false);
  });

  it('deletes only an unused template, with its steps', async () => {
    const store = await readyStore();
    const [a, b] = await threeTemplates(store);
    await store.dispatch(addTemplateStep({ template_id: b.id, name: 'Trim' })).unwrap();
    await attachToNewContest(store, a.id);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(deleteTemplate(a.id)).unwrap(),
      'This template is in use; archive it instead of deleting it.',
    );
    await store.dispatch(deleteTemplate(b.id)).unwrap();
    expect(templateSelectors.selectById(store.getState(), b.id)).toBeUndefined();
    expect(templateStepSelectors.selectTotal(store.getState())).toBe(0);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(deleteTemplate(b.id)).unwrap(),
      'Item not found',
    );
  });

  it('reorders with one update per template, in the new order', async () => {
    const store = await readyStore();
    const [a, b, c] = await threeTemplates(store);
    const updates: string[] = [];
    const unsubscribe = store.store.subscribe(() => updates.push('update'));
    await store.dispatch(reorderTemplates([c.id, a.id, b.id])).unwrap();
    unsubscribe();
    // pending, three updates, fulfilled
    expect(updates).toHaveLength(5);
    expect(selectActiveTemplates(store.getState()).map((t) => t.name)).toEqual([
      'Brisket',
      'Chicken',
      'Ribs',
    ]);
  });

  it("rolls the order back with 'Failed to save the new order.' when one update fails", async () => {
    const store = await readyStore();
    const [a, b, c] = await threeTemplates(store);
    store.clock.now += 5000;
    const before = store.getState();
    await expect(store.dispatch(reorderTemplates([c.id, b.id, 'missing', a.id])).unwrap()).rejects.toEqual({
      message: 'Failed to save the new order.',
    });
    expect(store.getState().templates).toEqual(before.templates);
    expect(selectActiveTemplates(store.getState()).map((t) => t.name)).toEqual([
      'Chicken',
      'Ribs',
      'Brisket',
    ]);
    await expect(store.dispatch(reorderTemplates([a.id, a.id])).unwrap()).rejects.toEqual({
      message: 'Failed to save the new order.',
    });
    expect(store.getState().templates).toEqual(before.templates);
  });
});
