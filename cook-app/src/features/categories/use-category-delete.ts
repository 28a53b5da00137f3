import { useState } from 'react';
import { categoryInUseMessage } from '../../domain';
import {
  deleteCategory,
  FAILURE_MESSAGES,
  isCategoryInUse,
  useCookDispatch,
  type Category,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';

/**
 * Deleting a category: `ask` checks that no template or contest uses it, then asks for confirmation
 * (`confirming`); `confirm` deletes it. Why it could not be deleted ends up in `problem`, the store's
 * own refusal included.
 */
export function useCategoryDelete() {
  const dispatch = useCookDispatch();
  const [confirming, setConfirming] = useState<Category | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deletedCount, setDeletedCount] = useState(0);

  const fail = (failure: unknown) => setProblem(operationMessage(failure, FAILURE_MESSAGES.deleteCategory));

  const ask = async (category: Category) => {
    try {
      const inUse = await dispatch(isCategoryInUse(category.id)).unwrap();
      if (inUse) setProblem(categoryInUseMessage(category.name));
      else setConfirming(category);
    } catch (failure) {
      fail(failure);
    }
  };

  const confirm = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    try {
      await dispatch(deleteCategory(confirming.id)).unwrap();
      setDeletedCount((count) => count + 1);
    } catch (failure) {
      fail(failure);
    }
    setBusy(false);
    setConfirming(null);
  };

  return {
    confirming,
    problem,
    busy,
    /** Grows by one after each deletion (the screen moves focus then: the Delete button is gone). */
    deletedCount,
    ask: (category: Category) => void ask(category),
    confirm: () => void confirm(),
    cancel: () => setConfirming(null),
    clearProblem: () => setProblem(null),
  };
}
