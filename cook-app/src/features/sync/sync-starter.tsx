import { useEffect } from 'react';
import type { CookStoreBundle } from '../../store';

/**
 * Loads and starts the account's sync engine once the first screen has rendered; stops it when the
 * account leaves (sign-out, another account) or the app unmounts.
 */
export function SyncStarter({ accountId, bundle }: { accountId: string; bundle: CookStoreBundle }) {
  useEffect(() => {
    let stop: (() => Promise<void>) | null = null;
    let cancelled = false;
    void import('./sync-runner')
      .then(({ startAccountSync }) => startAccountSync(accountId, bundle))
      .then((stopSync) => {
        if (cancelled) void stopSync();
        else stop = stopSync;
      })
      .catch((error: unknown) => console.warn('PitClock: sync could not start', error));
    return () => {
      cancelled = true;
      void stop?.();
    };
  }, [accountId, bundle]);
  return null;
}
