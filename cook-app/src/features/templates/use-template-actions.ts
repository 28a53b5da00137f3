import { useState } from 'react';
import {
  archiveTemplate,
  deleteTemplate,
  FAILURE_MESSAGES,
  reorderTemplates,
  restoreTemplate,
  STORE_MESSAGES,
  useCookDispatch,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';

export type TemplateActions = ReturnType<typeof useTemplateActions>;

/** The list operations of the screen; a failure's text (SPEC.md section 8) lands in `error`. */
export function useTemplateActions() {
  const dispatch = useCookDispatch();
  const [error, setError] = useState<string | null>(null);

  const run = async (operation: () => Promise<unknown>, fallback: string) => {
    setError(null);
    try {
      await operation();
      return true;
    } catch (failure) {
      setError(operationMessage(failure, fallback));
      return false;
    }
  };

  return {
    error,
    setError,
    archive: (id: string) =>
      run(() => dispatch(archiveTemplate(id)).unwrap(), FAILURE_MESSAGES.archiveTemplate),
    restore: (id: string) =>
      run(() => dispatch(restoreTemplate(id)).unwrap(), FAILURE_MESSAGES.restoreTemplate),
    remove: (id: string) => run(() => dispatch(deleteTemplate(id)).unwrap(), FAILURE_MESSAGES.deleteTemplate),
    /** Saves the full order of the active templates (the store rolls it back itself on failure). */
    reorder: (orderedIds: string[]) =>
      run(() => dispatch(reorderTemplates(orderedIds)).unwrap(), STORE_MESSAGES.reorderFailed),
  };
}

/** `ids` with the one at `from` moved to `to`. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
