import {
  categoryInUseMessage,
  isCategoryInUse as categoryIsUsed,
  isGlobalCategory,
  validateCategoryName,
} from '../../domain/validation';
import { FAILURE_MESSAGES, STORE_MESSAGES } from '../messages';
import { categorySelectors, contestSelectors, selectCategories, templateSelectors } from '../selectors';
import { defineOperation, fail, type OperationContext } from '../thunk';
import type { Category, Template } from '../types';
import { found, optionalText, stampNew, valid } from './shared';

export const getCategories = defineOperation<Category[]>(
  'categories/get',
  FAILURE_MESSAGES.loadCategories,
  (_arg, { getState }) => selectCategories(getState()),
);

export type AddCategoryInput = { name: string; description?: string | null };

/** Adds a category of this device's user ('Please enter a category name.' without a name). */
export const addCategory = defineOperation<Category, AddCategoryInput>(
  'categories/add',
  FAILURE_MESSAGES.createCategory,
  (input, { commit, newId, now, extra }) => {
    const name = valid(validateCategoryName(input.name, 'create'));
    const record: Category = {
      id: newId(),
      name,
      description: optionalText(input.description) ?? null,
      user_id: extra.userId(),
      ...stampNew(now),
    };
    commit({ op: 'categories/add', set: { categories: [record] } });
    return record;
  },
);

/** A category the user may change: it exists and is not global. */
function ownCategory(id: string, { getState }: OperationContext): Category {
  const category = found(categorySelectors.selectById(getState(), id));
  if (isGlobalCategory(category)) fail(STORE_MESSAGES.globalCategoryReadOnly);
  return category;
}

export type UpdateCategoryInput = { id: string; name?: string; description?: string | null };

/** Renames or redescribes an own category ('Name cannot be empty.'); its templates' category_name follows. */
export const updateCategory = defineOperation<Category, UpdateCategoryInput>(
  'categories/update',
  FAILURE_MESSAGES.saveCategory,
  (input, context) => {
    const current = ownCategory(input.id, context);
    const name = input.name === undefined ? current.name : valid(validateCategoryName(input.name, 'edit'));
    const description = optionalText(input.description);
    const record: Category = {
      ...current,
      name,
      description: description === undefined ? current.description : description,
      updated_at: context.now,
    };
    const templates: Template[] = templateSelectors
      .selectAll(context.getState())
      .filter((template) => template.category_id === current.id && template.category_name !== name)
      .map((template) => ({ ...template, category_name: name, updated_at: context.now }));
    context.commit({ op: 'categories/update', set: { categories: [record], templates } });
    return record;
  },
);

/** Whether templates or contests refer to the category. */
export function categoryInUse(state: Parameters<typeof templateSelectors.selectAll>[0], id: string): boolean {
  return categoryIsUsed(id, templateSelectors.selectAll(state), contestSelectors.selectAll(state));
}

export const isCategoryInUse = defineOperation<boolean, string>(
  'categories/isInUse',
  FAILURE_MESSAGES.loadCategories,
  (id, { getState }) => {
    found(categorySelectors.selectById(getState(), id));
    return categoryInUse(getState(), id);
  },
);

/**
 * Deletes an own category; refused for a global one and, with SPEC.md's text, for one in use:
 * 'Cannot delete category "{name}" because it is being used by templates or contests.'
 */
export const deleteCategory = defineOperation<void, string>(
  'categories/delete',
  FAILURE_MESSAGES.deleteCategory,
  (id, context) => {
    const category = ownCategory(id, context);
    if (categoryInUse(context.getState(), id)) fail(categoryInUseMessage(category.name));
    context.commit({ op: 'categories/delete', remove: { categories: [id] } });
  },
);
