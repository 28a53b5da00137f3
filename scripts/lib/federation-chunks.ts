import type { Plugin, UserConfig } from 'vite';

/** The federation runtime's modules, and the share map the federation plugin generates for a build. */
const FEDERATION_RUNTIME = /[\\/]node_modules[\\/]@module-federation[\\/]|localSharedImportMap/;

/** The group the federation plugin (@module-federation/vite) makes for Vite's preload helper. */
const PRELOAD_HELPER_GROUP = 'vite-preload-helper';

type Group = { name?: unknown; test?: unknown };

/** The code-splitting groups of each of a config's Rolldown outputs. */
function outputGroups(config: UserConfig): Group[][] {
  const output = config.build?.rolldownOptions?.output;
  const outputs: { codeSplitting?: unknown }[] = Array.isArray(output) ? output : output ? [output] : [];
  return outputs.map(
    ({ codeSplitting }) => (codeSplitting as { groups?: Group[] } | undefined)?.groups ?? [],
  );
}

/**
 * Turns the federation plugin's preload-helper group into the group of the federation runtime: Vite's
 * preload helper, the runtime's modules and the share map, in one chunk named `federation`. The helper
 * imports nothing; the runtime, the share map and what the map imports eagerly (preact) run before any of
 * the app's code on every page. Apart, they were four files of a few hundred bytes to a few KB each on
 * a first visit. The plugin keeps that group above every user group (its priority), so the app's chunks
 * still import the helper from a chunk that never imports them. Throws when the federation plugin no
 * longer makes the group, so that a plugin upgrade cannot bring the files back unnoticed.
 */
export function mergeFederationRuntimeChunks(config: UserConfig): void {
  const helperGroups = outputGroups(config)
    .flat()
    .filter((group) => group.name === PRELOAD_HELPER_GROUP && group.test instanceof RegExp);
  if (helperGroups.length === 0) {
    throw new Error(`the federation plugin's "${PRELOAD_HELPER_GROUP}" code-splitting group is missing`);
  }
  for (const group of helperGroups) {
    const preloadHelper = group.test as RegExp;
    group.name = 'federation';
    group.test = (id: string) => preloadHelper.test(id) || FEDERATION_RUNTIME.test(id);
  }
}

/** A build-only plugin that applies mergeFederationRuntimeChunks after the federation plugin's config hook. */
export function federationRuntimeChunk(): Plugin {
  return {
    name: 'pitclock:federation-runtime-chunk',
    enforce: 'post',
    apply: 'build',
    config: (config) => mergeFederationRuntimeChunks(config),
  };
}
