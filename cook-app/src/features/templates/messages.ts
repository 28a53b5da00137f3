import { formatWallTime } from '../../domain';
import type { TemplateUsage } from '../../store';

/** Texts of the Templates screen: SPEC.md sections 2 and 8 where it gives them, ours otherwise. */
export const TEMPLATES_TEXT = {
  title: 'Templates',
  firstUseTitle: 'Create Your First Timing Template',
  noneFound: 'No templates found',
  noArchived: 'No archived templates',
  // Ours:
  searchLabel: 'Search templates',
  searchPlaceholder: 'Search by name or category',
  noMatch: (query: string) => `No template name or category matches "${query.trim()}".`,
  allArchived: 'Every template is archived. Restore one from Archived or add a new one.',
  archivedHint: 'Templates you archive are kept here with their steps.',
  reorderHint: 'Drag a template by its handle to change the order, or focus the handle and press Space.',
  reorderWhileSearching:
    'Reordering is off while searching: clear the search to reorder the whole list, not a part of it.',
  reorderWhileEditing: 'Reordering is off while a template is being edited.',
  deleteTitle: 'Delete template',
  deleteQuestion: (name: string) => `Delete "${name}" and its steps? This cannot be undone.`,
} as const;

export function stepCountText(count: number): string {
  return count === 1 ? '1 step' : `${count} steps`;
}

export function usageText({ usage_contests, usage_run_steps }: TemplateUsage): string {
  if (usage_contests > 0) return `Used by ${usage_contests} cook-off${usage_contests === 1 ? '' : 's'}`;
  if (usage_run_steps > 0) return 'Used in past runs';
  return 'Not used yet';
}

/** 'Turn-in 1:30 PM' (en-US), 'Turn-in 13:30' (en-GB): the stored 'HH:MM' in the locale's clock. */
export function turnInText(turnInTime: string | null, locale: string): string {
  return turnInTime ? `Turn-in ${formatWallTime(turnInTime, locale)}` : 'No turn-in time';
}
