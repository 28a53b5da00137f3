import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const REMOTE_PRELOAD_MODULE = 'virtual:pitclock/remote-preload';
const RESOLVED_ID = `\0${REMOTE_PRELOAD_MODULE}`;
/** Replaced, once the shell's chunks have their names, by the shell's own files the cook-app waits for. */
const SHELL_FILES_TOKEN = '__PITCLOCK_SHELL_FILES_FOR_COOK_APP__';
const SHELL_FILES_TOKEN_LITERAL = new RegExp(`["'\`]${SHELL_FILES_TOKEN}["'\`]`, 'g');

/**
 * The shell's chunks a cook screen needs besides the cook-app's own files: the shared Redux Toolkit and
 * React Redux the cook-app asks the shell for (by the names the federation plugin gives their chunks).
 * The federation's loader of the cook-app is in the shell's own file (vite.config.ts).
 */
export const SHELL_CHUNKS_FOR_COOK_APP = [
  /tree_shaking___mf_0_reduxjs_mf_1_toolkit-/,
  /__prebuild__react_mf_2_redux__prebuild__-/,
] as const;

/**
 * The shared chunks every first paint of the shell waits for (contracts, design system, React Router), by
 * the names the federation plugin gives them. The federation runtime asks for each only once the one
 * before it has run, a round trip each; linked from the page they all come in its first round.
 */
export const SHELL_CHUNKS_FOR_FIRST_PAINT = [
  /tree_shaking___mf_0_pitclock_mf_1_contracts-/,
  /tree_shaking___mf_0_pitclock_mf_1_design_mf_2_system-/,
  /tree_shaking__react_mf_2_router_mf_2_dom-/,
  /pendingShares-/,
] as const;

/** The part of a written chunk the first-paint list reads. */
export type ChunkImports = { type: 'chunk'; imports: string[] } | { type: 'asset' };

/**
 * The files of the chunks matching `patterns` and of every chunk they import statically, in that order,
 * each once; an error names the patterns no chunk matched.
 */
export function firstPaintFiles(bundle: Record<string, ChunkImports>, patterns: readonly RegExp[]): string[] {
  const names = Object.keys(bundle).filter((name) => bundle[name]?.type === 'chunk');
  const missing = patterns.filter((pattern) => !names.some((name) => pattern.test(name)));
  if (missing.length > 0) throw new Error(`no shell chunk matches ${missing.join(', ')}`);
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (files.has(name) || chunk?.type !== 'chunk') return;
    files.add(name);
    chunk.imports.forEach(visit);
  };
  patterns.forEach((pattern) => names.filter((name) => pattern.test(name)).forEach(visit));
  return [...files];
}

/** `html` with a modulepreload link for each of `urls` it does not already load, before </head>. */
export function withModulePreloads(html: string, urls: readonly string[]): string {
  const links = urls
    .filter((url) => !html.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

type ManifestExpose = { name: string; assets?: { js?: { sync?: string[] } } };
type Manifest = { exposes?: ManifestExpose[] };

/**
 * The files a remote's exposed module needs before it can render, served under `baseUrl`: its
 * remoteEntry.js and the exposed module's synchronous JavaScript (from the remote's dist/mf-manifest.json).
 */
export function remoteFirstLoad(dist: string, baseUrl: string, expose: string): string[] {
  const file = path.join(dist, 'mf-manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the remote before the shell`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const exposed = manifest.exposes?.find((candidate) => candidate.name === expose);
  if (!exposed) throw new Error(`${file} does not expose ${expose}`);
  const scripts = exposed.assets?.js?.sync ?? [];
  return ['remoteEntry.js', ...scripts].map((rel) => `${baseUrl}${rel}`);
}

/** The URL of one shell chunk per pattern, or an error naming the patterns no chunk matched. */
export function shellFilesFor(fileNames: readonly string[], patterns: readonly RegExp[], base: string) {
  const missing = patterns.filter((pattern) => !fileNames.some((name) => pattern.test(name)));
  if (missing.length > 0) throw new Error(`no shell chunk matches ${missing.join(', ')}`);
  return patterns.map((pattern) => `${base}${fileNames.find((name) => pattern.test(name))}`);
}

/**
 * In a build, the page links the chunks of SHELL_CHUNKS_FOR_FIRST_PAINT (modulepreload), and
 * `virtual:pitclock/remote-preload`: COOK_APP_FIRST_LOAD, the files a signed-in first load of a cook
 * screen fetches (see shell/src/app/preload-remote.ts): the cook-app's first files and, in a build, the
 * shell's chunks it waits for (their names are known only when the bundle is written, so a token stands
 * in for them until then). Empty on the dev server.
 */
export function remotePreloadPlugin(options: {
  building: boolean;
  base: string;
  cookAppFirstLoad: () => string[];
}): Plugin {
  return {
    name: 'pitclock:remote-preload',
    resolveId: (id) => (id === REMOTE_PRELOAD_MODULE ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const files = options.building ? [...options.cookAppFirstLoad(), SHELL_FILES_TOKEN] : [];
      return `export const COOK_APP_FIRST_LOAD = ${JSON.stringify(files)};\n`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!options.building || context.bundle === undefined) return html;
        const files = firstPaintFiles(context.bundle, SHELL_CHUNKS_FOR_FIRST_PAINT);
        return withModulePreloads(
          html,
          files.map((file) => `${options.base}${file}`),
        );
      },
    },
    generateBundle(_output, bundle) {
      if (!options.building) return;
      const names = Object.keys(bundle);
      const shellFiles = shellFilesFor(names, SHELL_CHUNKS_FOR_COOK_APP, options.base)
        .map((url) => JSON.stringify(url))
        .join(',');
      let replaced = 0;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.code.includes(SHELL_FILES_TOKEN)) continue;
        chunk.code = chunk.code.replace(SHELL_FILES_TOKEN_LITERAL, () => {
          replaced += 1;
          return shellFiles;
        });
      }
      if (replaced !== 1) throw new Error(`${SHELL_FILES_TOKEN} was found ${replaced} times (expected once)`);
    },
  };
}
