// Dismissals made from a step-alert notification's Dismiss action (the shell's service worker, sw.ts).
// The worker records each one as { stepId, at } in the IndexedDB database 'pitclock-sw', store
// 'pending-dismissals', and then posts { type: 'pitclock:dismiss-step', stepId } to every open window.
// The app applies the recorded ones when it starts (a dismissal made while no window was open), and on
// each message it takes the store again, so a dismissal is applied once and never left behind.
import { useEffect, useEffectEvent } from 'react';
import {
  DISMISS_STEP_MESSAGE,
  PENDING_DISMISSALS_DB,
  PENDING_DISMISSALS_DB_VERSION,
  PENDING_DISMISSALS_STORE,
} from '@pitclock/contracts';

export type PendingDismissal = { stepId: string; at: string };

function openDismissalsDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(PENDING_DISMISSALS_DB, PENDING_DISMISSALS_DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(PENDING_DISMISSALS_STORE)) {
        db.createObjectStore(PENDING_DISMISSALS_STORE, { autoIncrement: true });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open the pending dismissals'));
    request.onblocked = () => reject(new Error('The pending dismissals database is blocked'));
  });
}

function isPendingDismissal(value: unknown): value is PendingDismissal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PendingDismissal).stepId === 'string' &&
    (value as PendingDismissal).stepId !== ''
  );
}

/**
 * Reads and clears the recorded dismissals in one transaction (two callers never both get one):
 * the dismissed step ids, oldest first, each once. Answers [] where IndexedDB is missing.
 */
export async function takePendingDismissals(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<string[]> {
  if (!factory) return [];
  const db = await openDismissalsDb(factory);
  try {
    return await new Promise<string[]>((resolve, reject) => {
      const tx = db.transaction(PENDING_DISMISSALS_STORE, 'readwrite');
      const store = tx.objectStore(PENDING_DISMISSALS_STORE);
      const all = store.getAll();
      store.clear();
      tx.oncomplete = () => {
        const records: unknown[] = all.result ?? [];
        resolve([...new Set(records.filter(isPendingDismissal).map((r) => r.stepId))]);
      };
      tx.onerror = () => reject(tx.error ?? new Error('Could not read the pending dismissals'));
      tx.onabort = () => reject(tx.error ?? new Error('Reading the pending dismissals was aborted'));
    });
  } finally {
    db.close();
  }
}

/** The step id of a 'pitclock:dismiss-step' message, else null. */
export function dismissedStepOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, stepId } = data as { type?: unknown; stepId?: unknown };
  return type === DISMISS_STEP_MESSAGE && typeof stepId === 'string' && stepId !== '' ? stepId : null;
}

export type PendingDismissalsOptions = {
  /** The IndexedDB factory (default the browser's). */
  indexedDB?: IDBFactory;
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
  { indexedDB, serviceWorker }: PendingDismissalsOptions = {},
): void {
  const dismiss = useEffectEvent(onDismiss);

  useEffect(() => {
    const container =
      serviceWorker ?? (typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined);
    // Takes the store (which also holds the step of a message just received) and applies each id once.
    // What was taken out of the store is applied even if this unmounted meanwhile (React's StrictMode
    // mounts twice): it is in no other place any more.
    const apply = (alsoStepId: string | null) =>
      takePendingDismissals(indexedDB)
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
  }, [indexedDB, serviceWorker]);
}
