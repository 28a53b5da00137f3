import { useEffect, useRef, useState, type RefObject } from 'react';
import { deleteTemplateStep, FAILURE_MESSAGES, useCookDispatch, type TemplateStep } from '../../store';
import { operationMessage } from '../../lib/operation-message';

/**
 * Removing a step after a confirmation. The removed step's buttons are gone with it, so focus goes to
 * `afterRemoveFocus` once the dialog has closed (it would otherwise fall to the page).
 */
export function useStepRemoval(afterRemoveFocus: RefObject<HTMLElement | null>) {
  const dispatch = useCookDispatch();
  const [removing, setRemoving] = useState<TemplateStep | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (removing !== null || !refocus.current) return;
    refocus.current = false;
    afterRemoveFocus.current?.focus();
  }, [removing, afterRemoveFocus]);

  const confirm = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await dispatch(deleteTemplateStep(removing.id)).unwrap();
      refocus.current = true;
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.removeStep));
    }
    setBusy(false);
    setRemoving(null);
  };

  return {
    removing,
    busy,
    error,
    ask: (step: TemplateStep) => {
      setError(null);
      setRemoving(step);
    },
    confirm,
    cancel: () => setRemoving(null),
    clearError: () => setError(null),
  };
}
