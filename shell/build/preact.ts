import { createRequire } from 'node:module';
import type { Alias, Plugin } from 'vite';

/**
 * What a build provides under React's module names: preact/compat, the same API in a sixth of the
 * bytes. The remotes import 'react' as before and get it from the shell (they bundle no copy: import:
 * false); unit tests, Storybook and the dev servers run React itself. scripts/lib/no-react-in-build.ts
 * fails a build that still bundles React, and eslint bans the React exports preact/compat lacks.
 */
export const PREACT_FOR_REACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
} as const;

export type ReactModule = keyof typeof PREACT_FOR_REACT;

/**
 * react-dom/client is not a share (only the shell calls createRoot): the alias keeps the federation
 * plugin from serving it as a subpath of the react-dom share, which has no createRoot.
 */
export const preactClientAlias: Alias = {
  find: /^react-dom\/client$/,
  replacement: PREACT_FOR_REACT['react-dom/client'],
};

const requireHere = createRequire(import.meta.url);

/** React's entry files (as resolved from here), each with the preact/compat file that replaces it. */
export function reactEntryReplacements(resolve: (request: string) => string = requireHere.resolve) {
  return new Map(
    Object.entries(PREACT_FOR_REACT).map(([react, preact]) => [resolve(react), resolve(preact)] as const),
  );
}

/**
 * Serves preact/compat's code for React's entry files. The federation plugin resolves a shared
 * package's own 'react' import (React Router's, in its tree-shaken copy) to React's file, where the
 * share's provider would be the same module when the share is React itself; with preact/compat as
 * the provider that left a real React in some builds. With this, such an import lands on the very
 * module the share provides (same file, so one instance on the page).
 */
export function preactInPlaceOfReact(replacements = reactEntryReplacements()): Plugin {
  return {
    name: 'pitclock:preact-in-place-of-react',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const preact = replacements.get(id);
      if (!preact) return null;
      const from = JSON.stringify(preact);
      return `export * from ${from};\nexport { default } from ${from};\n`;
    },
  };
}
