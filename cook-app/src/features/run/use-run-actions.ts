import { useEffect, useRef, useState } from 'react';
import { DISMISS_UNDO_MS } from '../../domain';
import { dismissStep, FAILURE_MESSAGES, undismissStep, useCookDispatch, type RunStep } from '../../store';
import { operationMessage } from '../../lib/operation-message';

export type UndoOffer = { stepId: string; name: string };

/**
 * Dismiss and undismiss of a run's steps: the step being changed, the failure text, and the Undo
 * offer shown for DISMISS_UNDO_MS after a dismissal (a new dismissal replaces it).
 */
export function useDismissal() {
  const dispatch = useCookDispatch();
  const [busyStepId, setBusyStepId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const offerUndo = (offer: UndoOffer | null) => {
    clearTimeout(timer.current);
    setUndo(offer);
    if (offer) timer.current = setTimeout(() => setUndo(null), DISMISS_UNDO_MS);
  };

  const dismiss = async (step: RunStep) => {
    setBusyStepId(step.id);
    setError(null);
    try {
      await dispatch(dismissStep(step.id)).unwrap();
      offerUndo({ stepId: step.id, name: step.name });
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.dismiss));
    }
    setBusyStepId(null);
  };

  const undismiss = async (stepId: string) => {
    setBusyStepId(stepId);
    setError(null);
    try {
      await dispatch(undismissStep(stepId)).unwrap();
      if (undo?.stepId === stepId) offerUndo(null);
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.undismiss));
    }
    setBusyStepId(null);
  };

  return {
    busyStepId,
    error,
    clearError: () => setError(null),
    undo,
    dismiss,
    undismiss,
    undoDismiss: () => (undo ? undismiss(undo.stepId) : Promise.resolve()),
  };
}
