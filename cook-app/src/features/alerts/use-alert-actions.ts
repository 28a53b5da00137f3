// Complete and Snooze from an in-app alert: the run screen's own store operations (completeStep at the
// time it is done, snoozeStep by the default minutes of SPEC.md section 9). Both are device data changes,
// so sync carries them to the team's other phones, whose alert engines then stop alerting the step, and
// the schedule sync moves or cancels the notifier's pushes.
import { useCallback, useState } from 'react';
import { SNOOZE_DEFAULT_MINUTES } from '../../domain';
import { completeStep, FAILURE_MESSAGES, snoozeStep, useCookDispatch } from '../../store';
import { operationMessage } from '../../lib/operation-message';

export type AlertActions = {
  /** The step an action is running for. */
  busyStepId: string | null;
  /** The failure of the last action and its step ('Failed to complete step', ...), until the next one. */
  error: { stepId: string; message: string } | null;
  /** Completes the step now; resolves true once stored. */
  complete: (stepId: string) => Promise<boolean>;
  /** Moves the step SNOOZE_DEFAULT_MINUTES from now; resolves true once stored. */
  snooze: (stepId: string) => Promise<boolean>;
};

/** `onDone(stepId)` runs after a step was completed or snoozed (its alert needs no more attention). */
export function useAlertActions(onDone: (stepId: string) => void): AlertActions {
  const dispatch = useCookDispatch();
  const [busyStepId, setBusyStepId] = useState<string | null>(null);
  const [error, setError] = useState<AlertActions['error']>(null);

  const run = useCallback(
    async (stepId: string, change: () => Promise<unknown>, failureText: string) => {
      setBusyStepId(stepId);
      setError(null);
      try {
        await change();
        onDone(stepId);
        return true;
      } catch (failure) {
        setError({ stepId, message: operationMessage(failure, failureText) });
        return false;
      } finally {
        setBusyStepId(null);
      }
    },
    [onDone],
  );

  const complete = useCallback(
    (stepId: string) =>
      run(
        stepId,
        () => dispatch(completeStep({ step_id: stepId, time_mode: 'now' })).unwrap(),
        FAILURE_MESSAGES.complete,
      ),
    [dispatch, run],
  );

  const snooze = useCallback(
    (stepId: string) =>
      run(
        stepId,
        () => dispatch(snoozeStep({ step_id: stepId, minutes: SNOOZE_DEFAULT_MINUTES })).unwrap(),
        FAILURE_MESSAGES.snooze,
      ),
    [dispatch, run],
  );

  return { busyStepId, error, complete, snooze };
}
