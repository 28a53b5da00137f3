// What the sync engine reports to the screens (a tiny external store: useSyncExternalStore reads it).

export type SyncPhase = 'starting' | 'synced' | 'syncing' | 'offline' | 'failed' | 'stopped';

export type SyncStatus = {
  phase: SyncPhase;
  /** Changes made on this device that the server has not confirmed yet. */
  unsynced: number;
  /** When the last pull or push completed (epoch ms), or null. */
  lastSyncedAt: number | null;
  /** Whether the live stream is open (changes from other devices arrive within a second). */
  live: boolean;
};

export const initialSyncStatus: SyncStatus = {
  phase: 'starting',
  unsynced: 0,
  lastSyncedAt: null,
  live: false,
};

export function createStatusStore(initial: SyncStatus = initialSyncStatus) {
  let status = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(patch: Partial<SyncStatus>) {
      const next = { ...status, ...patch };
      if (Object.entries(next).every(([key, value]) => status[key as keyof SyncStatus] === value)) return;
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type StatusStore = ReturnType<typeof createStatusStore>;

/**
 * The page's sync status: the running engine reports here, the screens read it (statically imported:
 * this file is tiny, the engine itself loads after the first screen). null phase 'stopped' when none runs.
 */
export const pageSyncStatus = createStatusStore({ ...initialSyncStatus, phase: 'stopped' });

let stopRunning: (() => Promise<void>) | null = null;

/** The running engine says how to stop it (null once stopped). */
export function setRunningSync(stop: (() => Promise<void>) | null): void {
  stopRunning = stop;
}

/** Stops the running engine and waits for its last write (before an account's data is removed). */
export async function stopRunningSync(): Promise<void> {
  const stop = stopRunning;
  stopRunning = null;
  await stop?.();
}
