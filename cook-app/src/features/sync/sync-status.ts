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
