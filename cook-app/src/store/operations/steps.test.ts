import { describe, expect, it } from 'vitest';
import { templateStepSelectors } from '../selectors';
import { expectRejectedUnchanged, readyStore } from '../test-helpers';
import { addTemplateStep, deleteTemplateStep, getTemplateSteps, updateTemplateStep } from './steps';
import { addTemplate } from './templates';

describe('template steps', () => {
  it('adds steps and lists them earliest first', async () => {
    const store = await readyStore();
    const template = await store.dispatch(addTemplate({ name: 'Brisket' })).unwrap();
    const box = await store
      .dispatch(addTemplateStep({ template_id: template.id, name: 'Box', minutes_before_turn_in: '10' }))
      .unwrap();
    const rub = await store
      .dispatch(
        addTemplateStep({
          template_id: template.id,
          name: ' Rub ',
          description: ' salt, pepper ',
          turn_in_time: '13:00',
          minutes_before_turn_in: 600,
        }),
      )
      .unwrap();
    expect(rub).toMatchObject({
      name: 'Rub',
      description: 'salt, pepper',
      turn_in_time: '13:00',
      minutes_before_turn_in: 600,
      is_local: true,
    });
    expect(box).toMatchObject({ minutes_before_turn_in: 10, turn_in_time: null, description: null });
    const steps = await store.dispatch(getTemplateSteps(template.id)).unwrap();
    expect(steps.map((s) => s.name)).toEqual(['Rub', 'Box']);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'Rub', minutes_before_turn_in: 'ten' }, 'Minutes before turn-in must be a number.'],
    [{ name: 'Rub', turn_in_time: '25:99' }, 'Please pick a valid time (HH:MM).'],
  ])('refuses %o with %s and changes nothing', async (fields, message) => {
    const store = await readyStore();
    const template = await store.dispatch(addTemplate({ name: 'Brisket' })).unwrap();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(addTemplateStep({ template_id: template.id, ...fields })).unwrap(),
      message,
    );
  });

  it("answers 'Item not found' for an unknown template or step", async () => {
    const store = await readyStore();
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(addTemplateStep({ template_id: 'x', name: 'Rub' })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(getTemplateSteps('x')).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateTemplateStep({ id: 'x', name: 'Rub' })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(deleteTemplateStep('x')).unwrap(),
      'Item not found',
    );
  });

  it('updates and removes a step', async () => {
    const store = await readyStore();
    const template = await store.dispatch(addTemplate({ name: 'Brisket' })).unwrap();
    const step = await store.dispatch(addTemplateStep({ template_id: template.id, name: 'Rub' })).unwrap();
    store.clock.now += 1000;
    const updated = await store
      .dispatch(updateTemplateStep({ id: step.id, name: 'Wrap', minutes_before_turn_in: 240 }))
      .unwrap();
    expect(updated).toMatchObject({
      name: 'Wrap',
      minutes_before_turn_in: 240,
      created_at: step.created_at,
      updated_at: '2026-06-01T15:00:01.000Z',
    });
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(updateTemplateStep({ id: step.id, name: ' ' })).unwrap(),
      'Name is required',
    );
    await store.dispatch(deleteTemplateStep(step.id)).unwrap();
    expect(templateStepSelectors.selectTotal(store.getState())).toBe(0);
  });
});
