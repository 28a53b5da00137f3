import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type RetryableComponent<P> = ComponentType<P> & {
  /** After a failed load: the next render loads afresh (the error screen's Try Again). */
  retry: () => void;
  /** Whether the last load failed (and no retry has started since). */
  readonly failed: boolean;
};

export type RetryableLazyOptions<P> = {
  /**
   * How a retry loads, attempt 1, 2, ...; the first load by default. A remote needs its own: the
   * federation runtime keeps the failed load of a remote (see federation-reload.ts).
   */
  reload?: (attempt: number) => Promise<ComponentType<P>>;
  /**
   * Called when a load fails; true when it took care of it (a page reload is on its way): the
   * component then stays suspended instead of reaching the error screen.
   */
  recover?: (error: unknown) => boolean;
};

/**
 * Whether this page has asked the browser for a reload (the shell does, once, for a chunk a deploy
 * removed). Kept here, in the one shared copy of the design system, so that every remote's lazy screens
 * see it: a load that fails while the reload is on its way stays suspended instead of flashing the
 * error screen before the new page comes.
 */
const thisPage = { reloading: false };

/** Marks this page as reloading: failed lazy loads from now on wait for the reload. */
export function markPageReloading(): void {
  thisPage.reloading = true;
}

/** Whether this page has asked for a reload (markPageReloading). */
export function isPageReloading(): boolean {
  return thisPage.reloading;
}

/** Every retryable component, for Try Again (retryFailedLoads). */
const registry = new Set<RetryableComponent<never>>();

/**
 * React.lazy, retryable: React.lazy keeps a failed load for good (a chunk that failed offline would
 * fail forever, until a full reload). A failed load reaches the nearest error boundary; retry(), or
 * retryFailedLoads() for all of them, makes the next render load again.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { reload, recover }: RetryableLazyOptions<P> = {},
): RetryableComponent<P> {
  let failed = false;
  let attempts = 0;
  const create = (loader: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        return { default: await loader() };
      } catch (error) {
        failed = true;
        if (isPageReloading() || recover?.(error)) return new Promise<never>(() => {});
        throw error;
      }
    });
  let current = create(load);
  const Component = (props: P) => {
    const Current = current;
    return <Current {...props} />;
  };
  const retryable = Object.assign(Component, {
    retry: () => {
      if (!failed) return;
      failed = false;
      attempts += 1;
      const attempt = attempts;
      current = create(reload ? () => reload(attempt) : load);
    },
  });
  Object.defineProperty(retryable, 'failed', { get: () => failed });
  registry.add(retryable as unknown as RetryableComponent<never>);
  return retryable as RetryableComponent<P>;
}

/** Try Again: every component whose load failed loads again on its next render. */
export function retryFailedLoads(): void {
  for (const component of registry) component.retry();
}
