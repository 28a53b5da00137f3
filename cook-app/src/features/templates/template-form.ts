import type { SelectOption } from '@pitclock/design-system';
import { categoryOwnerLabel, parseHhMm } from '../../domain';
import type { Category } from '../../store';

/** Name of the turn-in time input in the add and edit forms. */
export const TURN_IN_FIELD = 'turn_in_time';

/** Category choices labelled with their owner, e.g. 'Brisket (Global)', 'Jackpot wings (Yours)'. */
export function categoryOptions(categories: readonly Category[]): SelectOption[] {
  return categories.map((c) => ({ value: c.id, label: `${c.name} (${categoryOwnerLabel(c)})` }));
}

/**
 * The turn-in time typed in a form: 'HH:MM', null when empty, undefined when it is not a time (the field
 * shows why). Read from the input itself because the time field commits its text on Enter in the same
 * keystroke that submits the form, before the form could see the new state.
 */
export function readTurnIn(form: HTMLFormElement): string | null | undefined {
  const field = form.elements.namedItem(TURN_IN_FIELD);
  const text = field instanceof HTMLInputElement ? field.value.trim() : '';
  if (text === '') return null;
  return parseHhMm(text) ?? undefined;
}
