import { createModuleFederationConfig } from '@module-federation/vite';
import { PREACT_FOR_REACT, type ReactModule } from './build/preact.ts';

/** Shared packages the shell provides tree-shaken (only the exports the shell and the remotes use). */
export const TREE_SHAKEN_SHARED = [
  'react-router-dom',
  '@reduxjs/toolkit',
  '@pitclock/design-system',
  '@pitclock/contracts',
] as const;

/** The version the shares announce: the remotes ask for React 19's API, which preact/compat provides. */
const REACT_VERSION = '19.3.1';

export type ShellFederationOptions = {
  /** URL of cook-app's remoteEntry.js (same origin in the build, its dev server in development). */
  cookAppEntry: string;
  /** URL of admin-console's remoteEntry.js; fetched only when an /admin/* route is opened. */
  adminConsoleEntry: string;
  /**
   * In a build: per tree-shaken package, the exports the remotes import (from their
   * dist/mf-manifest.json). Without it (the dev server) the packages are shared whole.
   */
  remoteExports?: Partial<Record<(typeof TREE_SHAKEN_SHARED)[number], string[]>>;
};

export function shellFederation({ cookAppEntry, adminConsoleEntry, remoteExports }: ShellFederationOptions) {
  const singleton = { singleton: true } as const;
  // React is on every page: in a build it is eager, so React, ReactDOM and the JSX runtime travel in one
  // file of the shell's first load instead of four loadShare chunks (the dev servers keep them lazy).
  // A build provides them from preact/compat under React's names and version (see build/preact.ts).
  const eagerSingleton = (name: ReactModule) =>
    remoteExports
      ? ({ singleton: true, eager: true, import: PREACT_FOR_REACT[name], version: REACT_VERSION } as const)
      : singleton;
  const treeShaken = (name: (typeof TREE_SHAKEN_SHARED)[number]) =>
    remoteExports
      ? ({
          singleton: true,
          treeShaking: { mode: 'runtime-infer', usedExports: remoteExports[name] ?? [] },
        } as const)
      : singleton;
  return createModuleFederationConfig({
    name: 'shell',
    remotes: {
      cook_app: { type: 'module', name: 'cook_app', entry: cookAppEntry },
      admin_console: { type: 'module', name: 'admin_console', entry: adminConsoleEntry },
    },
    // One copy of each on the page, the shell's: the remotes declare them with import: false.
    shared: {
      react: eagerSingleton('react'),
      'react/jsx-runtime': eagerSingleton('react/jsx-runtime'),
      // The development JSX runtime only exists on the dev servers (a build compiles to react/jsx-runtime).
      ...(remoteExports ? {} : { 'react/jsx-dev-runtime': singleton }),
      'react-dom': eagerSingleton('react-dom'),
      'react-redux': singleton,
      ...Object.fromEntries(TREE_SHAKEN_SHARED.map((name) => [name, treeShaken(name)])),
    },
    // 'loaded-first': a remote's shares resolve to what is already loaded, so opening / or /contests
    // never fetches admin-console's entry to compare versions.
    shareStrategy: 'loaded-first',
    // The shell publishes the federation runtime; the remotes (externalRuntime) reuse it.
    experiments: { provideExternalRuntime: true },
    // Production leaves out what a browser host never uses: the manifest snapshot plugin (remotes are
    // plain remoteEntry.js URLs) and the Node loading paths.
    disableSnapshot: true,
    target: 'web',
    dts: false,
    dev: { remoteHmr: true },
  });
}
