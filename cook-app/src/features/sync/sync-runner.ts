// Starts the signed-in account's sync engine on the page: loaded by the cook-app after its first screen
// has rendered (a dynamic import), so that the first visit does not wait for it.
import { api } from '@pitclock/contracts';
import { offlineDbNameFor } from '@pitclock/contracts/offline-db';
import type { CookStoreBundle } from '../../store';
import { offlineStorage } from '../../store/persist';
import { createSyncEngine } from './sync-engine';
import { pageSyncStatus, setRunningSync } from './sync-status';

/** Starts syncing `bundle`'s store for `accountId`; answers the stop function. */
export async function startAccountSync(
  accountId: string,
  bundle: CookStoreBundle,
): Promise<() => Promise<void>> {
  await bundle.rehydrated;
  const engine = createSyncEngine({
    store: bundle.store,
    flushStore: bundle.flush,
    account: accountId,
    client: api,
    storage: offlineStorage(offlineDbNameFor(accountId)),
    status: pageSyncStatus,
  });
  await engine.start();
  let stopped: Promise<void> | null = null;
  const stop = () => (stopped ??= engine.stop().finally(() => setRunningSync(null)));
  setRunningSync(stop);
  return stop;
}
