import { createModuleFederationConfig } from '@module-federation/vite';

/** Shared packages the shell provides tree-shaken (only the exports the shell and the remotes use). */
export const TREE_SHAKEN_SHARED = [
  'react-router-dom',
  '@reduxjs/toolkit',
  '@pitclock/design-system',
  '@pitclock/contracts',
] as const;

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
      react: singleton,
      'react/jsx-runtime': singleton,
      'react/jsx-dev-runtime': singleton,
      'react-dom': singleton,
      'react-redux': singleton,
      ...Object.fromEntries(TREE_SHAKEN_SHARED.map((name) => [name, treeShaken(name)])),
    },
    // 'loaded-first': a remote's shares resolve to what is already loaded, so opening / or /contests
    // never fetches admin-console's entry to compare versions.
    shareStrategy: 'loaded-first',
    // The shell publishes the federation runtime; the remotes (externalRuntime) reuse it.
    experiments: { provideExternalRuntime: true },
    dts: false,
    dev: { remoteHmr: true },
  });
}
