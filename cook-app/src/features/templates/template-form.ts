import { z } from 'zod/mini';
import type { SelectOption } from '@pitclock/design-system';
import { categoryOwnerLabel, templateNameSchema, turnInTimeSchema } from '../../domain';
import type { Category } from '../../store';

/**
 * The add and edit forms of a template: name, category id ('' for none) and turn-in time (the text as typed:
 * empty for none, else a time; a time the field refuses says so beside it).
 */
export const templateFormSchema = z.object({
  name: templateNameSchema,
  category_id: z.string(),
  turn_in_time: turnInTimeSchema,
});
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateFormValues = z.output<typeof templateFormSchema>;

/** Category choices labelled with their owner, e.g. 'Brisket (Global)', 'Jackpot wings (Yours)'. */
export function categoryOptions(categories: readonly Category[]): SelectOption[] {
  return categories.map((c) => ({ value: c.id, label: `${c.name} (${categoryOwnerLabel(c)})` }));
}
