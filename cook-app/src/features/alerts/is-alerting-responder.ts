// This window's answer to the service worker's question before it shows a pushed step alert (issue 8,
// ARCHITECTURE.md "Notifications"): the worker posts { type: 'pitclock:is-alerting', stepId, runId } to
// every visible window with a port, and shows the push unless one answers { alerting: true } on it.
// A window answers true exactly when its own alert engine covers the step, so the cook gets one alert.
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { IS_ALERTING_MESSAGE } from '@pitclock/contracts/push';
import { isStepCompleted, isStepDismissed, readDueAt } from '../../domain';
import { runSelectors, runStepSelectors, type CookRootState } from '../../store';

export type IsAlertingQuestion = { stepId: string; runId: string };

/** Where the worker's messages arrive: navigator.serviceWorker in the browser. */
export type WorkerMessages = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
  startMessages?: () => void;
};

const isFilled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The step of an is-alerting message, else null. */
export function isAlertingQuestion(data: unknown): IsAlertingQuestion | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, stepId, runId } = data as Record<string, unknown>;
  return type === IS_ALERTING_MESSAGE && isFilled(stepId) && isFilled(runId) ? { stepId, runId } : null;
}

/**
 * Whether the alert engine of this store alerts the step: a step of that run, the run active, the step
 * dated and neither completed nor dismissed (the steps runAlertCheck is given and can alert).
 */
export function engineCoversStep(state: CookRootState, { stepId, runId }: IsAlertingQuestion): boolean {
  const step = runStepSelectors.selectById(state, stepId);
  const run = runSelectors.selectById(state, runId);
  return (
    !!step &&
    step.run_id === runId &&
    run?.status === 'active' &&
    readDueAt(step) !== null &&
    !isStepCompleted(step) &&
    !isStepDismissed(step)
  );
}

function browserWorkerMessages(): WorkerMessages | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
}

const isVisible = () => document.visibilityState === 'visible';

/**
 * Answers the worker's is-alerting questions on the port each came with: { alerting: true } when this
 * tab is visible (a hidden tab's alert goes unseen) and its engine covers the step, else
 * { alerting: false }. Mount inside the AlertCenter, which runs that engine.
 */
export function useIsAlertingResponder(messages: WorkerMessages | undefined = browserWorkerMessages()): void {
  const store = useStore<CookRootState>();

  useEffect(() => {
    if (!messages) return undefined;
    const onMessage = (event: Event) => {
      const { data, ports } = event as MessageEvent;
      const question = isAlertingQuestion(data);
      const port = ports?.[0];
      if (!question || !port) return;
      port.postMessage({ alerting: isVisible() && engineCoversStep(store.getState(), question) });
    };
    messages.addEventListener('message', onMessage);
    messages.startMessages?.();
    return () => messages.removeEventListener('message', onMessage);
  }, [messages, store]);
}
