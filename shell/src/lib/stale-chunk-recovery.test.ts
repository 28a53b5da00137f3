import { describe, expect, it, vi } from 'vitest';
import {
  STALE_RELOAD_KEY,
  STALE_RELOAD_WINDOW_MS,
  installPreloadErrorRecovery,
  reloadOnceForStaleChunk,
  type RecoveryDeps,
} from './stale-chunk-recovery';

function deps(now: { t: number }) {
  const reload = vi.fn<() => void>();
  const result: RecoveryDeps = { storage: sessionStorage, reload, now: () => now.t };
  return { ...result, reload };
}

describe('reloadOnceForStaleChunk', () => {
  it('reloads once, and not a second time when the reload did not help', () => {
    const clock = { t: 1_000_000 };
    const d = deps(clock);
    expect(reloadOnceForStaleChunk(d)).toBe(true);
    clock.t += 2_000; // the reloaded page fails again
    expect(reloadOnceForStaleChunk(d)).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STALE_RELOAD_KEY)).toBe('1000000');
  });

  it('a failure while this page is already reloading waits for the reload instead of failing', () => {
    const clock = { t: 1_000_000 };
    const page = { reloading: false };
    const d = { ...deps(clock), page };
    expect(reloadOnceForStaleChunk(d)).toBe(true); // vite:preloadError: the reload is asked for
    expect(reloadOnceForStaleChunk(d)).toBe(true); // the remote's load, failing in the same page
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(page.reloading).toBe(true);
    // The reloaded page (its own state) fails again: the guard stops a loop.
    clock.t += 2_000;
    expect(reloadOnceForStaleChunk({ ...d, page: { reloading: false } })).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('recovers again from a later deploy in the same tab', () => {
    const clock = { t: 1_000_000 };
    const d = deps(clock);
    reloadOnceForStaleChunk(d);
    clock.t += STALE_RELOAD_WINDOW_MS + 1;
    expect(reloadOnceForStaleChunk(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads without storage for its guard', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {},
    };
    expect(reloadOnceForStaleChunk({ storage, reload, now: () => 1 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('installPreloadErrorRecovery', () => {
  it('handles vite:preloadError with one reload and lets the second error through', () => {
    const clock = { t: 5_000_000 };
    const d = deps(clock);
    const uninstall = installPreloadErrorRecovery(window, () => d);
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    uninstall();
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true); // the reload replaces the error
    expect(second.defaultPrevented).toBe(false); // the error reaches the error screen
  });
});
