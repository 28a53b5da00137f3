import { useEffect, useEffectEvent, useState } from 'react';

/**
 * The clock read every `intervalMs`: the instant `now()` returned at the last tick. With
 * `pauseWhenHidden` it does not tick while the document is hidden; either way it reads the clock again
 * as soon as the document becomes visible.
 */
export function useNow(now: () => number, intervalMs: number, pauseWhenHidden = false): number {
  const [nowMs, setNowMs] = useState(now);
  const read = useEffectEvent(() => setNowMs(now()));

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      timer ??= setInterval(() => read(), intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        if (pauseWhenHidden) stop();
        return;
      }
      read();
      start();
    };
    if (!pauseWhenHidden || document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [intervalMs, pauseWhenHidden]);

  return nowMs;
}
