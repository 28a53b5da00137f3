import type { Plugin } from 'vite';

/** React's own code (its entry files may be replaced by preact/compat; its cjs/ builds are React). */
const reactCode = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]cjs[\\/]/;

type Chunk = { fileName: string; moduleIds: readonly string[] };

/** React's modules among a bundle's chunks, as `file: module` lines. */
export function reactModulesIn(chunks: Iterable<Chunk>): string[] {
  return [...chunks].flatMap((chunk) =>
    chunk.moduleIds.filter((id) => reactCode.test(id)).map((id) => `${chunk.fileName}: ${id}`),
  );
}

/**
 * Fails a build that bundles any of React's code. Builds run preact/compat in React's place
 * (shell/build/preact.ts) and the remotes take it from the shell; a React that slipped in (a new
 * react-dom subpath, a share without import: false) would put a second, larger renderer on the page
 * whose hooks cannot see the other's components.
 */
export function noReactInBuild(): Plugin {
  return {
    name: 'pitclock:no-react-in-build',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = reactModulesIn(Object.values(bundle).filter((item) => item.type === 'chunk'));
      if (found.length > 0) {
        this.error(`React is bundled, but builds run preact/compat in its place:\n  ${found.join('\n  ')}`);
      }
    },
  };
}
