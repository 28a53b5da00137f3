import {
  canArchiveTemplate,
  canDeleteTemplate,
  validateTemplateName,
  validateTurnInTime,
} from '../../domain/validation';
import { FAILURE_MESSAGES, STORE_MESSAGES } from '../messages';
import {
  categorySelectors,
  selectTemplatesWithUsage,
  selectTemplateUsage,
  templateSelectors,
  templateStepSelectors,
} from '../selectors';
import { defineOperation, fail, OperationFailure, type OperationContext } from '../thunk';
import type { Template, TemplateWithUsage } from '../types';
import { found, stampNew, valid } from './shared';

/** Templates with usage counts, by sort_index; only the active or the archived ones when asked. */
export const getTemplates = defineOperation<TemplateWithUsage[], { archived?: boolean } | void>(
  'templates/get',
  FAILURE_MESSAGES.loadTemplates,
  (filter, { getState }) => {
    const all = selectTemplatesWithUsage(getState());
    const archived = filter ? filter.archived : undefined;
    return archived === undefined ? all : all.filter((template) => template.is_archived === archived);
  },
);

/** A turn-in time input: '' or null clears it; anything else must read as HH:MM (12-hour accepted). */
export function turnInTime(value: string | null): string | null {
  return valid(validateTurnInTime(value));
}

/** The category fields of a template for a category id ('' or null: none). */
function categoryFields(categoryId: string | null, { getState }: OperationContext) {
  if (categoryId === null || categoryId === '') return { category_id: null, category_name: null };
  const category = found(categorySelectors.selectById(getState(), categoryId));
  return { category_id: category.id, category_name: category.name };
}

export type AddTemplateInput = { name: string; category_id?: string | null; turn_in_time?: string | null };

/** Adds an active template at the end of the order. */
export const addTemplate = defineOperation<Template, AddTemplateInput>(
  'templates/add',
  FAILURE_MESSAGES.createTemplate,
  (input, context) => {
    const name = valid(validateTemplateName(input.name));
    const last = templateSelectors
      .selectAll(context.getState())
      .reduce((max, t) => Math.max(max, t.sort_index), -1);
    const record: Template = {
      id: context.newId(),
      name,
      user_id: context.extra.userId(),
      ...categoryFields(input.category_id ?? null, context),
      turn_in_time: turnInTime(input.turn_in_time ?? null),
      is_archived: false,
      sort_index: last + 1,
      ...stampNew(context.now),
    };
    context.commit({ op: 'templates/add', set: { templates: [record] } });
    return record;
  },
);

export type UpdateTemplateInput = {
  id: string;
  name?: string;
  category_id?: string | null;
  turn_in_time?: string | null;
  is_archived?: boolean;
  sort_index?: number;
};

function usageOf(context: OperationContext, id: string) {
  return selectTemplateUsage(context.getState())[id] ?? { usage_contests: 0, usage_run_steps: 0 };
}

function applyTemplateUpdate(input: UpdateTemplateInput, context: OperationContext): Template {
  const current = found(templateSelectors.selectById(context.getState(), input.id));
  const next: Template = { ...current, updated_at: context.now };
  if (input.name !== undefined) next.name = valid(validateTemplateName(input.name));
  if (input.category_id !== undefined) Object.assign(next, categoryFields(input.category_id, context));
  if (input.turn_in_time !== undefined) next.turn_in_time = turnInTime(input.turn_in_time);
  if (input.sort_index !== undefined) {
    if (!Number.isFinite(input.sort_index)) fail(FAILURE_MESSAGES.updateTemplate);
    next.sort_index = input.sort_index;
  }
  if (input.is_archived !== undefined && input.is_archived !== current.is_archived) {
    if (input.is_archived && !canArchiveTemplate(usageOf(context, current.id)))
      fail(STORE_MESSAGES.templateNotInUse);
    next.is_archived = input.is_archived;
  }
  context.commit({ op: 'templates/update', set: { templates: [next] } });
  return next;
}

/** Updates name, category, turn-in time, archived flag or sort_index (archiving only a template in use). */
export const updateTemplate = defineOperation<Template, UpdateTemplateInput>(
  'templates/update',
  FAILURE_MESSAGES.updateTemplate,
  applyTemplateUpdate,
);

/** Archives a template; offered only when it is used (SPEC.md section 4), refused otherwise. */
export const archiveTemplate = defineOperation<Template, string>(
  'templates/archive',
  FAILURE_MESSAGES.archiveTemplate,
  (id, context) => applyTemplateUpdate({ id, is_archived: true }, context),
);

/** Returns an archived template to the active tab. */
export const restoreTemplate = defineOperation<Template, string>(
  'templates/restore',
  FAILURE_MESSAGES.restoreTemplate,
  (id, context) => applyTemplateUpdate({ id, is_archived: false }, context),
);

/** Deletes a template with zero usage, with its steps; a used template is refused (archive it). */
export const deleteTemplate = defineOperation<void, string>(
  'templates/delete',
  FAILURE_MESSAGES.deleteTemplate,
  (id, context) => {
    found(templateSelectors.selectById(context.getState(), id));
    if (!canDeleteTemplate(usageOf(context, id))) fail(STORE_MESSAGES.templateInUse);
    const steps = templateStepSelectors
      .selectAll(context.getState())
      .filter((step) => step.template_id === id)
      .map((step) => step.id);
    context.commit({ op: 'templates/delete', remove: { templates: [id], template_steps: steps } });
  },
);

/**
 * Saves a new order of templates: one update per template (sort_index = its position), each applied
 * as it is made (optimistic). If any fails (an unknown or repeated id), the templates already updated
 * get their previous records back and it rejects with 'Failed to save the new order.'.
 */
export const reorderTemplates = defineOperation<void, string[]>(
  'templates/reorder',
  STORE_MESSAGES.reorderFailed,
  (orderedIds, context) => {
    const previous: Template[] = [];
    const seen = new Set<string>();
    try {
      orderedIds.forEach((id, index) => {
        const current = templateSelectors.selectById(context.getState(), id);
        if (!current || seen.has(id)) throw new OperationFailure(STORE_MESSAGES.reorderFailed);
        seen.add(id);
        previous.push(current);
        context.commit({
          op: 'templates/reorder',
          set: { templates: [{ ...current, sort_index: index, updated_at: context.now }] },
        });
      });
    } catch {
      context.commit({ op: 'templates/reorder-rollback', set: { templates: previous } });
      fail(STORE_MESSAGES.reorderFailed);
    }
  },
);
