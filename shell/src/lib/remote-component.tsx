import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { recoverFromStaleChunk } from './stale-chunk-recovery';

export type RemoteComponent<P> = ComponentType<P> & {
  /** After a failed load: the next render loads the remote afresh (the error screen's Try Again). */
  retry: () => void;
};

/**
 * A lazily loaded remote component. A remote that fails to load right after a deploy (its old chunks
 * are gone) gets one guarded reload; otherwise the error reaches the error screen, whose Try Again
 * calls retry() (React.lazy alone would keep the failed load for good).
 */
export function remoteComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  recover: () => boolean = recoverFromStaleChunk,
): RemoteComponent<P> {
  let failed = false;
  const create = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failed = true;
        if (recover()) return new Promise<never>(() => {});
        throw error;
      }
    });
  let current = create();
  const Remote = (props: P) => {
    const Current = current;
    return <Current {...props} />;
  };
  return Object.assign(Remote, {
    retry: () => {
      if (!failed) return;
      failed = false;
      current = create();
    },
  });
}
