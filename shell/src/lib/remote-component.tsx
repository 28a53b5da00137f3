import type { ComponentType } from 'react';
import { retryableLazy, type RetryableComponent } from '@pitclock/design-system';
import { recoverFromStaleChunk } from './stale-chunk-recovery';

export type RemoteComponent<P> = RetryableComponent<P>;

export type RemoteComponentOptions<P> = {
  /** How Try Again loads the remote afresh (attempt 1, 2, ...): see reloadFederatedModule. */
  reload?: (attempt: number) => Promise<ComponentType<P>>;
  /** A failed load right after a deploy: one guarded page reload (true when it reloads). */
  recover?: () => boolean;
};

/**
 * A lazily loaded remote component. A remote that fails to load right after a deploy (its old chunks
 * are gone) gets one guarded reload; otherwise the error reaches the error screen, whose Try Again
 * retries it through `reload` (the first load's import would answer its cached failure again).
 */
export function remoteComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { reload, recover = recoverFromStaleChunk }: RemoteComponentOptions<P> = {},
): RemoteComponent<P> {
  return retryableLazy(load, { reload, recover: () => recover() });
}
