import { useEffect } from 'react';
import type { CookStoreBundle } from '../../store';

/** Resolves when the browser is next idle (or soon, where it cannot say): the first screen comes first. */
function whenIdle(): { ready: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const ready = new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => resolve(), { timeout: 2_000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(resolve, 0);
      cancel = () => clearTimeout(handle);
    }
  });
  return { ready, cancel };
}

/**
 * Loads and starts the account's sync engine once the first screen has rendered (it mounts inside the
 * screens' Suspense boundary) and the browser is idle; stops it when the account leaves (sign-out,
 * another account) or the app unmounts.
 */
export function SyncStarter({ accountId, bundle }: { accountId: string; bundle: CookStoreBundle }) {
  useEffect(() => {
    let stop: (() => Promise<void>) | null = null;
    let cancelled = false;
    const idle = whenIdle();
    void idle.ready
      .then(() => (cancelled ? null : import('./sync-runner')))
      .then((runner) => (runner ? runner.startAccountSync(accountId, bundle) : null))
      .then((stopSync) => {
        if (!stopSync) return;
        if (cancelled) void stopSync();
        else stop = stopSync;
      })
      .catch((error: unknown) => console.warn('PitClock: sync could not start', error));
    return () => {
      cancelled = true;
      idle.cancel();
      void stop?.();
    };
  }, [accountId, bundle]);
  return null;
}
