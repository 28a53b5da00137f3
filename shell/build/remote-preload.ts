import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const REMOTE_PRELOAD_MODULE = 'virtual:pitclock/remote-preload';
const RESOLVED_ID = `\0${REMOTE_PRELOAD_MODULE}`;

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

/**
 * `virtual:pitclock/remote-preload`: COOK_APP_FIRST_LOAD, the cook-app files a signed-in first load
 * fetches (see shell/src/app/preload-remote.ts). Empty on the dev server, where the remote is not built.
 */
export function remotePreloadPlugin(cookAppFirstLoad: () => string[]): Plugin {
  return {
    name: 'pitclock:remote-preload',
    resolveId: (id) => (id === REMOTE_PRELOAD_MODULE ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return `export const COOK_APP_FIRST_LOAD = ${JSON.stringify(cookAppFirstLoad())};\n`;
    },
  };
}
