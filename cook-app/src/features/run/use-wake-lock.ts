import { useEffect } from 'react';

type WakeLockSentinelLike = {
  readonly released: boolean;
  release: () => Promise<void>;
};
type WakeLockLike = { request: (type: 'screen') => Promise<WakeLockSentinelLike> };

function screenWakeLock(): WakeLockLike | null {
  if (typeof navigator === 'undefined') return null;
  const lock = (navigator as { wakeLock?: WakeLockLike }).wakeLock;
  return lock && typeof lock.request === 'function' ? lock : null;
}

/**
 * Keeps the phone's screen on while `enabled` (Screen Wake Lock): takes a 'screen' lock, takes it again
 * each time the page becomes visible (the browser drops it when the page is hidden), and releases it when
 * `enabled` turns false or the component unmounts. Where the API is missing, or the browser refuses (low
 * battery, a policy), nothing happens: the screen just follows the phone's own setting.
 */
export function useWakeLock(enabled: boolean): void {
  useEffect(() => {
    const wakeLock = screenWakeLock();
    if (!enabled || !wakeLock) return;
    let active = true;
    let sentinel: WakeLockSentinelLike | null = null;
    let pending = false;

    const release = (lock: WakeLockSentinelLike) => {
      if (!lock.released) lock.release().catch(() => undefined);
    };
    const take = async () => {
      if (pending || document.visibilityState !== 'visible') return;
      if (sentinel && !sentinel.released) return;
      pending = true;
      try {
        const lock = await wakeLock.request('screen');
        // Turned off or left while the request was on its way: give it straight back.
        if (active) sentinel = lock;
        else release(lock);
      } catch {
        // Refused (page hidden meanwhile, battery saver, permissions policy): try again on the next visit.
      } finally {
        pending = false;
      }
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void take();
    };

    void take();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      if (sentinel) release(sentinel);
      sentinel = null;
    };
  }, [enabled]);
}
