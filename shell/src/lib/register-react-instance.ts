type ReactLike = { Component: unknown };

declare global {
  var __PITCLOCK_REACTS__: Set<unknown> | undefined;
}

/**
 * Records which React this bundle runs with (by its Component class, which is unique per copy of
 * React); the page must only ever hold one, so the set stays at size 1 when sharing works.
 */
export function registerReactInstance(react: ReactLike): void {
  (globalThis.__PITCLOCK_REACTS__ ??= new Set()).add(react.Component);
}
