import { describe, expect, it } from 'vitest';
import { createStatusStore, initialSyncStatus, setRunningSync, stopRunningSync } from './sync-status';

describe('sync status', () => {
  it('tells its listeners of a change, and only of a change', () => {
    const status = createStatusStore();
    let calls = 0;
    status.subscribe(() => (calls += 1));
    status.set({ unsynced: 2 });
    status.set({ unsynced: 2 });
    expect(calls).toBe(1);
    expect(status.get()).toEqual({ ...initialSyncStatus, unsynced: 2 });
  });

  it('stopping the running engine waits for its stop, once', async () => {
    const stops: string[] = [];
    setRunningSync(async () => {
      await Promise.resolve();
      stops.push('stopped');
    });
    await stopRunningSync();
    await stopRunningSync();
    expect(stops).toEqual(['stopped']);
  });
});
