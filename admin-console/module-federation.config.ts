import { createModuleFederationConfig } from '@module-federation/vite';

// The shell provides every shared module (it loads first and owns the page), so the remote never
// bundles a fallback copy of its own (import: false): a page can only hold the shell's React, router,
// Redux, design-system and contracts. The larger libraries are tree-shaken on the shell's side; the
// exports this remote uses are recorded in dist/mf-manifest.json, which the shell's build reads so
// that it always provides them (see shell/build/remote-manifests.ts).
const provided = { singleton: true, import: false } as const;

/** `build`: tree shaking of shared packages is a build feature (the dev servers share them whole). */
export function adminConsoleFederation({ build }: { build: boolean }) {
  const providedTreeShaken = build
    ? ({ ...provided, treeShaking: { mode: 'runtime-infer' } } as const)
    : provided;
  return createModuleFederationConfig({
    name: 'admin_console',
    filename: 'remoteEntry.js',
    exposes: { './AdminConsole': './src/app/admin-console.tsx' },
    shared: {
      react: provided,
      'react/jsx-runtime': provided,
      // The development JSX runtime only exists on the dev servers (a build compiles to react/jsx-runtime).
      ...(build ? {} : { 'react/jsx-dev-runtime': provided }),
      'react-dom': provided,
      'react-redux': provided,
      'react-router-dom': providedTreeShaken,
      '@reduxjs/toolkit': providedTreeShaken,
      '@pitclock/design-system': providedTreeShaken,
      '@pitclock/contracts': providedTreeShaken,
    },
    manifest: true,
    dts: false,
    dev: { remoteHmr: true },
    experiments: { externalRuntime: true },
    target: 'web',
  });
}
