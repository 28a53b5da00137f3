import { useEffect, useMemo, useState } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import {
  FAILURE_MESSAGES,
  getTemplates,
  selectCategories,
  useCookDispatch,
  useCookSelector,
  type CookRootState,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';

/** Loads the templates once (SPEC.md getTemplates): whether it is still loading, and its failure text. */
export function useLoadTemplates() {
  const dispatch = useCookDispatch();
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(getTemplates())
      .unwrap()
      .then(
        () => live && setLoadError(null),
        (failure: unknown) => live && setLoadError(operationMessage(failure, FAILURE_MESSAGES.loadTemplates)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dispatch]);

  return { loading, loadError };
}

const selectStepCounts = createSelector(
  [(state: CookRootState) => state.template_steps.entities],
  (steps): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const step of Object.values(steps)) {
      if (step) counts[step.template_id] = (counts[step.template_id] ?? 0) + 1;
    }
    return counts;
  },
);

/** What the rows show beside a template: its category record and its number of steps. */
export function useTemplateLookups() {
  const categories = useCookSelector(selectCategories);
  const stepCounts = useCookSelector(selectStepCounts);
  const categoriesById = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);
  return { categoriesById, stepCounts };
}
