import path from 'node:path';
import type { Plugin } from 'vite';

/** How the federation plugin spells a package name inside virtual module ids. */
export function encodeSharedName(name: string): string {
  return name.replace(/@/g, '_mf_0_').replace(/\//g, '_mf_1_').replace(/-/g, '_mf_2_');
}

export type FallbackOptions = {
  /** Shared packages the shell provides tree-shaken. */
  treeShaken: readonly string[];
  /** Source folders of the workspace packages among them (their full copy has no virtual module id). */
  workspaceSources: readonly string[];
};

type ChunkInfo = { fileName: string; moduleIds: string[]; imports: string[]; isEntry: boolean };

/**
 * The chunks holding the full copy of a tree-shaken shared package (the `__prebuild__` fallback the
 * federation runtime loads only if a consumer asks for an export the tree-shaken copy lacks, which
 * the shell's build rules out by providing every export the remotes use). A chunk that an entry
 * imports statically is never counted, so leaving these out of the precache cannot break a load.
 */
export function findFallbackChunks(chunks: ChunkInfo[], { treeShaken, workspaceSources }: FallbackOptions) {
  const prebuildTags = treeShaken.map((name) => `__prebuild__${encodeSharedName(name)}__prebuild__`);
  const sources = workspaceSources.map((dir) => path.resolve(dir) + path.sep);
  const isPrebuild = (id: string) => prebuildTags.some((tag) => id.includes(tag));
  const isWorkspaceSource = (id: string) =>
    !id.includes('?') && /\.tsx?$/.test(id) && sources.some((dir) => id.startsWith(dir));
  const isThirdParty = (id: string) => !id.includes('?') && id.includes(`${path.sep}node_modules${path.sep}`);
  // A full copy: the package's fallback module or its own sources, plus only third-party code.
  const candidates = chunks.filter(
    (chunk) =>
      chunk.moduleIds.some((id) => isPrebuild(id) || isWorkspaceSource(id)) &&
      chunk.moduleIds.every((id) => isPrebuild(id) || isWorkspaceSource(id) || isThirdParty(id)),
  );
  const candidateNames = new Set(candidates.map((chunk) => chunk.fileName));

  // Kept when anything else imports it statically (it would be needed to load that chunk).
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticallyLoaded = new Set<string>();
  const visit = (fileName: string) => {
    if (staticallyLoaded.has(fileName)) return;
    staticallyLoaded.add(fileName);
    byName.get(fileName)?.imports.forEach(visit);
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));
  chunks
    .filter((chunk) => !candidateNames.has(chunk.fileName))
    .forEach((chunk) => chunk.imports.forEach((file) => staticallyLoaded.add(file)));

  return {
    fallbacks: candidates
      .filter((chunk) => !staticallyLoaded.has(chunk.fileName))
      .map((chunk) => chunk.fileName),
    keptStatic: candidates
      .filter((chunk) => staticallyLoaded.has(chunk.fileName))
      .map((chunk) => chunk.fileName),
  };
}

/**
 * Records the fallback chunks of the build; `isFallback(url)` then tells the precache which files to
 * leave out (they are still deployed, so an online page can load them if ever asked).
 */
export function sharedFallbacksPlugin(options: FallbackOptions) {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'pitclock-shared-fallbacks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                moduleIds: item.moduleIds,
                imports: item.imports,
                isEntry: item.isEntry,
              },
            ]
          : [],
      );
      const { fallbacks, keptStatic } = findFallbackChunks(chunks, options);
      files.clear();
      fallbacks.forEach((file) => files.add(file));
      for (const file of keptStatic)
        this.warn(`shared fallback ${file} is imported statically; it stays in the precache`);
    },
  };
  return { plugin, isFallback: (url: string) => files.has(url.replace(/^\//, '')) };
}
