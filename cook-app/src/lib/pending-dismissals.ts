// Dismissals made from a step-alert notification's Dismiss action (the shell's service worker, sw.ts).
// The worker records each one as { stepId, at } in the pending-dismissals database (its layout and both
// sides' access: @pitclock/contracts/indexed-db), then posts { type: 'pitclock:dismiss-step', stepId }
// to every open window.
// The app applies the recorded ones when it starts (a dismissal made while no window was open), and on
// each message it takes the store again, so a dismissal is applied once and never left behind.
import { useEffect, useEffectEvent } from 'react';
import { DISMISS_STEP_MESSAGE } from '@pitclock/contracts';
import { takePendingDismissals } from '@pitclock/contracts/indexed-db';

/** The step id of a 'pitclock:dismiss-step' message, else null. */
export function dismissedStepOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, stepId } = data as { type?: unknown; stepId?: unknown };
  return type === DISMISS_STEP_MESSAGE && typeof stepId === 'string' && stepId !== '' ? stepId : null;
}

export type PendingDismissalsOptions = {
  /** Where the worker's messages arrive (default navigator.serviceWorker; absent without one). */
  serviceWorker?: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> & {
    startMessages?: () => void;
  };
};

/**
 * Applies notification dismissals: the recorded ones once when mounted, then each one the service
 * worker reports while the app is open. `onDismiss` is called once per step id and apply; it should
 * dismiss the step as the run screen's Dismiss does. Mount once, where the cook store is available.
 */
export function usePendingDismissals(
  onDismiss: (stepId: string) => void,
  { serviceWorker }: PendingDismissalsOptions = {},
): void {
  const dismiss = useEffectEvent(onDismiss);

  useEffect(() => {
    const container =
      serviceWorker ?? (typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined);
    // Takes the store (which also holds the step of a message just received) and applies each id once.
    // What was taken out of the store is applied even if this unmounted meanwhile (React's StrictMode
    // mounts twice): it is in no other place any more.
    const apply = (alsoStepId: string | null) =>
      takePendingDismissals()
        .catch(() => [] as string[])
        .then((stepIds) => {
          const all = alsoStepId && !stepIds.includes(alsoStepId) ? [...stepIds, alsoStepId] : stepIds;
          for (const stepId of all) dismiss(stepId);
        });

    void apply(null);
    if (!container) return undefined;
    const onMessage = (event: Event) => {
      const stepId = dismissedStepOf((event as MessageEvent).data);
      if (stepId) void apply(stepId);
    };
    container.addEventListener('message', onMessage);
    container.startMessages?.();
    return () => {
      container.removeEventListener('message', onMessage);
    };
  }, [serviceWorker]);
}
