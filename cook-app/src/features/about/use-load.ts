import { useCallback, useEffect, useState } from 'react';
import { errorText } from '@pitclock/contracts';

export type LoadState<T> =
  { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; error: string };

/**
 * Runs `load` on mount and again on `retry`; the latest run wins. A failure carries the server's text
 * when there is one, else the error's message, else `fallback` (SPEC.md section 8).
 */
export function useLoad<T>(
  load: () => Promise<T>,
  fallback: string,
): { state: LoadState<T>; retry: () => void } {
  const [run, setRun] = useState(0);
  const [result, setResult] = useState<{ run: number; state: LoadState<T> } | null>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setResult({ run, state: { status: 'loaded', value } }),
      (failure: unknown) =>
        live && setResult({ run, state: { status: 'failed', error: errorText(failure, fallback) } }),
    );
    return () => {
      live = false;
    };
  }, [load, fallback, run]);

  const retry = useCallback(() => setRun((n) => n + 1), []);
  const state: LoadState<T> = result?.run === run ? result.state : { status: 'loading' };
  return { state, retry };
}
