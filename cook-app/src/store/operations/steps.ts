import { validateMinutesBefore, validateStepName } from '../../domain/validation';
import { FAILURE_MESSAGES } from '../messages';
import { selectTemplateSteps, templateSelectors, templateStepSelectors } from '../selectors';
import { defineOperation } from '../thunk';
import type { TemplateStep } from '../types';
import { found, optionalText, stampNew, valid } from './shared';
import { turnInTime } from './templates';

/** The steps of a template, earliest first ('Item not found' for an unknown template). */
export const getTemplateSteps = defineOperation<TemplateStep[], string>(
  'templateSteps/get',
  FAILURE_MESSAGES.loadSteps,
  (templateId, { getState }) => {
    found(templateSelectors.selectById(getState(), templateId));
    return selectTemplateSteps(getState(), templateId);
  },
);

export type AddTemplateStepInput = {
  template_id: string;
  name: string;
  description?: string | null;
  turn_in_time?: string | null;
  minutes_before_turn_in?: number | string | null;
};

/** Adds a step to a template ('Name is required'). */
export const addTemplateStep = defineOperation<TemplateStep, AddTemplateStepInput>(
  'templateSteps/add',
  FAILURE_MESSAGES.addStep,
  (input, { getState, commit, newId, now }) => {
    found(templateSelectors.selectById(getState(), input.template_id));
    const record: TemplateStep = {
      id: newId(),
      template_id: input.template_id,
      name: valid(validateStepName(input.name)),
      description: optionalText(input.description) ?? null,
      turn_in_time: turnInTime(input.turn_in_time ?? null),
      minutes_before_turn_in: valid(validateMinutesBefore(input.minutes_before_turn_in)),
      ...stampNew(now),
    };
    commit({ op: 'templateSteps/add', set: { template_steps: [record] } });
    return record;
  },
);

export type UpdateTemplateStepInput = Partial<Omit<AddTemplateStepInput, 'template_id'>> & { id: string };

export const updateTemplateStep = defineOperation<TemplateStep, UpdateTemplateStepInput>(
  'templateSteps/update',
  FAILURE_MESSAGES.saveStep,
  (input, { getState, commit, now }) => {
    const current = found(templateStepSelectors.selectById(getState(), input.id));
    const next: TemplateStep = { ...current, updated_at: now };
    if (input.name !== undefined) next.name = valid(validateStepName(input.name));
    if (input.description !== undefined) next.description = optionalText(input.description) ?? null;
    if (input.turn_in_time !== undefined) next.turn_in_time = turnInTime(input.turn_in_time);
    if (input.minutes_before_turn_in !== undefined) {
      next.minutes_before_turn_in = valid(validateMinutesBefore(input.minutes_before_turn_in));
    }
    commit({ op: 'templateSteps/update', set: { template_steps: [next] } });
    return next;
  },
);

export const deleteTemplateStep = defineOperation<void, string>(
  'templateSteps/delete',
  FAILURE_MESSAGES.removeStep,
  (id, { getState, commit }) => {
    found(templateStepSelectors.selectById(getState(), id));
    commit({ op: 'templateSteps/delete', remove: { template_steps: [id] } });
  },
);
