import { useMemo } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import { selectCategories, useCookSelector, type CookRootState } from '../../store';

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
