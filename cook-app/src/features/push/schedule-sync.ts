// Keeps the notifier's copy of each run's schedule up to date (issue 8): on every change of the runs, their
// steps or the cook-offs (start, complete, snooze, dismiss, contest clock...), each active run's schedule is
// computed and compared with the fingerprint of the one queued last; only changes go to the outbox
// (PUT push/runs/{runId}/schedule), and a run no longer active gets DELETE. Only while signed in.
import {
  readTokenClaims,
  session as pageSession,
  type SessionStore,
  type StorageLike,
} from '@pitclock/contracts';
import { PUSH_PATHS } from '@pitclock/contracts/push';
import { deviceLocale, deviceTimeZone } from '../../lib/display-prefs';
import { contestSelectors, runSelectors, runStepSelectors, type CookRootState } from '../../store';
import type { Outbox } from './outbox';
import { activeRunSchedules, scheduleChanges } from './run-schedule';

/** localStorage key of what was queued last: JSON { owner, runs: { runId: fingerprint } }. */
export const QUEUED_SCHEDULES_KEY = 'pitclock_push_schedules';

/** The outbox key of a run's schedule calls (a newer one replaces an unsent older one). */
export const scheduleKey = (runId: string) => `schedule:${runId}`;

type QueuedSchedules = { owner: string | null; runs: Record<string, string> };

export type ScheduleSyncDeps = {
  outbox: Pick<Outbox, 'enqueue'>;
  session?: SessionStore;
  /** Where the fingerprints are kept (default localStorage; null: memory only). */
  storage?: StorageLike | null;
  /** Default the device's zone. */
  timeZone?: string;
  /** The locale of the pushed texts' times; default the device's (navigator.language). */
  locale?: string;
};

type StoreLike = { getState: () => CookRootState; subscribe: (listener: () => void) => () => void };

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readQueued(storage: StorageLike | null): QueuedSchedules | null {
  try {
    const parsed = JSON.parse(storage?.getItem(QUEUED_SCHEDULES_KEY) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { owner, runs } = parsed as { owner?: unknown; runs?: unknown };
    if (typeof runs !== 'object' || runs === null) return null;
    const fingerprints = Object.fromEntries(
      Object.entries(runs).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { owner: typeof owner === 'string' ? owner : null, runs: fingerprints };
  } catch {
    return null;
  }
}

function writeQueued(storage: StorageLike | null, queued: QueuedSchedules): boolean {
  try {
    storage?.setItem(QUEUED_SCHEDULES_KEY, JSON.stringify(queued));
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user (the token's sub), or null when the token does not say. */
function tokenOwner(token: string): string | null {
  const sub = readTokenClaims(token)?.sub;
  return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
}

/** Starts syncing the store's run schedules to the outbox; returns the stop function. */
export function startScheduleSync(store: StoreLike, deps: ScheduleSyncDeps): () => void {
  const { outbox } = deps;
  const session = deps.session ?? pageSession;
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  const timeZone = deps.timeZone ?? deviceTimeZone();
  const locale = deps.locale ?? deviceLocale();
  // Once storage failed, the copy in memory is the truth (a stale stored one would re-send or miss).
  let memory: QueuedSchedules = readQueued(storage) ?? { owner: null, runs: {} };
  let storageWorks = true;
  let lastSeen: unknown[] = [];

  const sync = () => {
    const state = store.getState();
    // Before rehydration the store has no runs yet: every queued schedule would look deleted.
    if (state._persist && !state._persist.rehydrated) return;
    const token = session.getToken();
    if (token === null) return;
    const seen = [state.runs, state.run_steps, state.contests, token];
    if (seen.every((value, i) => value === lastSeen[i])) return;
    lastSeen = seen;

    const stored = storageWorks ? (readQueued(storage) ?? memory) : memory;
    const owner = tokenOwner(token);
    // Another user signed in: their notifier has none of this device's schedules yet.
    const queued = owner !== null && stored.owner !== owner ? {} : stored.runs;
    const schedules = activeRunSchedules({
      runs: runSelectors.selectAll(state),
      steps: runStepSelectors.selectAll(state),
      contests: contestSelectors.selectEntities(state),
      timeZone,
      locale,
    });
    const changes = scheduleChanges(queued, schedules);
    for (const { runId, body } of changes.put) {
      outbox.enqueue({ key: scheduleKey(runId), method: 'PUT', path: PUSH_PATHS.runSchedule(runId), body });
    }
    for (const runId of changes.remove) {
      outbox.enqueue({ key: scheduleKey(runId), method: 'DELETE', path: PUSH_PATHS.runSchedule(runId) });
    }
    memory = { owner: owner ?? stored.owner, runs: changes.queued };
    if (
      storageWorks &&
      (changes.put.length > 0 || changes.remove.length > 0 || memory.owner !== stored.owner)
    )
      storageWorks = writeQueued(storage, memory);
  };

  sync();
  const stopStore = store.subscribe(sync);
  const stopSession = session.subscribe(sync);
  return () => {
    stopStore();
    stopSession();
  };
}
