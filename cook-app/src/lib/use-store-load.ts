import { useEffect, useEffectEvent, useState } from 'react';
import { useCookDispatch, type CookDispatch } from '../store';
import { operationMessage } from './operation-message';

type Settled = { key: string; error: string | null };

/**
 * Runs a screen's store read when it mounts and again whenever `key` changes (e.g. the id in the
 * route): whether it is still loading, and its failure text (`fallback` when the failure has none).
 */
export function useStoreLoad(
  load: (dispatch: CookDispatch) => Promise<unknown>,
  fallback: string,
  key = '',
): { loading: boolean; loadError: string | null } {
  const dispatch = useCookDispatch();
  const [settled, setSettled] = useState<Settled | null>(null);
  const run = useEffectEvent(() => load(dispatch));

  useEffect(() => {
    let live = true;
    run().then(
      () => live && setSettled({ key, error: null }),
      (failure: unknown) => live && setSettled({ key, error: operationMessage(failure, fallback) }),
    );
    return () => {
      live = false;
    };
  }, [key, fallback]);

  const current = settled?.key === key ? settled : null;
  return { loading: current === null, loadError: current?.error ?? null };
}
