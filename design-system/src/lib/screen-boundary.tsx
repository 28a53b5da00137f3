import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../components/spinner/spinner';

export type ScreenBoundaryProps = {
  /** Which screen this is (its route, say): another screen gets a boundary of its own. */
  screen: string;
  children: ReactNode;
};

/**
 * The loading boundary of one screen: a spinner while its code downloads. Keyed by the screen, so a
 * route change mounts a fresh boundary instead of reusing the one still waiting for the old screen;
 * the builds run preact/compat, whose reused Suspense showed nothing at all when the user went back
 * while a screen was loading.
 */
export function ScreenBoundary({ screen, children }: ScreenBoundaryProps) {
  return (
    <Suspense key={screen} fallback={<Spinner label="Loading" />}>
      {children}
    </Suspense>
  );
}
