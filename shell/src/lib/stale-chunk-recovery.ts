/** sessionStorage key holding the time of the last reload made to recover from a stale chunk. */
export const STALE_RELOAD_KEY = 'pitclock:stale-chunk-reload-at';
/** A second failure within this window is not reloaded again: the reload did not help. */
export const STALE_RELOAD_WINDOW_MS = 60_000;

export type RecoveryDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
};

/**
 * After a deploy, a running page may ask for a chunk that no longer exists. One reload fetches the
 * new build; a guard in sessionStorage makes sure a failure that a reload does not fix never loops.
 * Returns true when it reloaded.
 */
export function reloadOnceForStaleChunk({ storage, reload, now }: RecoveryDeps): boolean {
  let last: number;
  try {
    last = Number(storage.getItem(STALE_RELOAD_KEY));
  } catch {
    return false; // no storage, no guard: never reload
  }
  if (Number.isFinite(last) && last > 0 && now() - last < STALE_RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(STALE_RELOAD_KEY, String(now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

const browserDeps = (): RecoveryDeps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

/** Handles Vite's vite:preloadError (a failed dynamic import, in the shell or a remote). */
export function installPreloadErrorRecovery(
  target: Window = window,
  deps: () => RecoveryDeps = browserDeps,
): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadOnceForStaleChunk(deps())) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** For a failed load of a remote module: the same guarded reload. */
export function recoverFromStaleChunk(deps: RecoveryDeps = browserDeps()): boolean {
  return reloadOnceForStaleChunk(deps);
}
