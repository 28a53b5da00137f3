import { useEffect, useState } from 'react';
import { FAILURE_MESSAGES, getTemplateSteps, useCookDispatch } from '../../store';
import { operationMessage } from '../../lib/operation-message';

type Settled = { templateId: string; error: string | null };

/** Loads a template's steps on mount and when the id changes: whether it is still loading, and its error. */
export function useTemplateStepsLoad(templateId: string) {
  const dispatch = useCookDispatch();
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(getTemplateSteps(templateId))
      .unwrap()
      .then(
        () => live && setSettled({ templateId, error: null }),
        (failure: unknown) =>
          live && setSettled({ templateId, error: operationMessage(failure, FAILURE_MESSAGES.loadSteps) }),
      );
    return () => {
      live = false;
    };
  }, [dispatch, templateId]);

  const current = settled?.templateId === templateId ? settled : null;
  return { loading: current === null, loadError: current?.error ?? null };
}
