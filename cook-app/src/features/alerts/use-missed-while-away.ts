// The "Missed while away" list of the AlertCenter: fed by every engine check, kept in the engine's storage
// (in memory when the storage fails), cleared by the team's acknowledgement.
import { useCallback, useRef, useState } from 'react';
import type { AlertStep, StepAlert } from './alert-engine';
import {
  addMissed,
  AWAY_GAP_MS,
  describeMissed,
  missedFromAlerts,
  missedSince,
  pruneMissed,
  readLastSeen,
  readMissed,
  sameMissed,
  sameMissedViews,
  stepsOfCurrentRuns,
  writeLastSeen,
  writeMissed,
  type Missed,
  type MissedView,
} from './missed-while-away';

/** What one engine check tells the hook. */
export type MissedCheck = {
  /** The steps of the active runs (those of a run more than a day past its last turn-in are left out here). */
  steps: readonly AlertStep[];
  /** The alerts this check delivered. */
  delivered: readonly StepAlert[];
  nowMs: number;
  /** document.visibilityState was 'hidden' at this check. */
  hidden: boolean;
};

export type MissedWhileAway = {
  /** The rows to show (empty: show nothing). */
  missed: MissedView[];
  /** Call on every engine check. */
  record: (check: MissedCheck) => void;
  /** The team's 'Got it': clears the whole list, on screen and in storage. */
  acknowledge: () => void;
};

/**
 * At each check: while hidden, the delivered alerts join the list; at the first visible check after
 * being away (the start of this mount, a hidden period, or a visible gap longer than AWAY_GAP_MS) the
 * steps due since the stored last-seen instant join it (missedSince); every visible check stores now as
 * last seen. Entries whose step was completed, dismissed, rescheduled, left the plan or is gone leave the
 * list, and so do those of a run that is finished or more than a day past its last turn-in.
 * The list is read back from storage at each check, so another tab's additions and acknowledgement count.
 */
export function useMissedWhileAway(storage: Storage | undefined): MissedWhileAway {
  const [missed, setMissed] = useState<MissedView[]>([]);
  const memory = useRef<{ missed: Missed[]; lastSeenMs: number | null }>({ missed: [], lastSeenMs: null });
  const storageWorks = useRef(true);
  // The start counts as a return: whatever fell due while the app was closed is missed.
  const away = useRef(true);

  const record = useCallback(
    ({ steps: activeSteps, delivered, nowMs, hidden }: MissedCheck) => {
      // A run more than a day past its last turn-in no longer has missed steps (they stay in its All view).
      const steps = stepsOfCurrentRuns(activeSteps, nowMs);
      const usable = storage && storageWorks.current ? storage : null;
      const previous = (usable && readMissed(usable)) ?? memory.current.missed;
      const lastSeenMs = (usable && readLastSeen(usable)) ?? memory.current.lastSeenMs;
      let next = previous;
      if (hidden) {
        away.current = true;
        next = addMissed(next, missedFromAlerts(delivered));
      } else {
        const gap = lastSeenMs !== null && nowMs - lastSeenMs > AWAY_GAP_MS;
        if (away.current || gap) next = addMissed(next, missedSince({ steps, lastSeenMs, nowMs }));
        away.current = false;
        memory.current.lastSeenMs = nowMs;
        if (usable) storageWorks.current = writeLastSeen(usable, nowMs);
      }
      next = pruneMissed(next, steps);
      memory.current.missed = next;
      if (usable && storageWorks.current && !sameMissed(previous, next)) {
        storageWorks.current = writeMissed(usable, next);
      }
      const views = describeMissed(next, steps, nowMs);
      setMissed((shown) => (sameMissedViews(shown, views) ? shown : views));
    },
    [storage],
  );

  const acknowledge = useCallback(() => {
    memory.current.missed = [];
    if (storage && storageWorks.current) storageWorks.current = writeMissed(storage, []);
    setMissed([]);
  }, [storage]);

  return { missed, record, acknowledge };
}
