import { isPageReloading, markPageReloading } from '@pitclock/design-system';

/** sessionStorage key holding the time of the last reload made to recover from a stale chunk. */
export const STALE_RELOAD_KEY = 'pitclock:stale-chunk-reload-at';
/** A second failure within this window is not reloaded again: the reload did not help. */
export const STALE_RELOAD_WINDOW_MS = 60_000;

export type RecoveryDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
  /**
   * This page's state: once it has asked for a reload, later failures wait for it. (A failed dynamic
   * import reaches vite:preloadError first, which reloads; the import then answers undefined, and the
   * remote's load fails again: without this, the error screen showed until the reload came.)
   */
  page?: { reloading: boolean };
};

/**
 * After a deploy, a running page may ask for a chunk that no longer exists. One reload fetches the
 * new build; a guard in sessionStorage makes sure a failure that a reload does not fix never loops.
 * Returns true when it reloaded.
 */
export function reloadOnceForStaleChunk({ storage, reload, now, page }: RecoveryDeps): boolean {
  if (page?.reloading) return true;
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
  if (page) page.reloading = true;
  reload();
  return true;
}

/** This page's state, in the design system so that the remotes' lazy screens see it too. */
const thisPage = {
  get reloading() {
    return isPageReloading();
  },
  set reloading(reloading: boolean) {
    if (reloading) markPageReloading();
  },
};
const browserDeps = (): RecoveryDeps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
  page: thisPage,
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
