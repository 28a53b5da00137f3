import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const RUNTIME_PACKAGE_JSON = /[\\/]@module-federation[\\/]runtime[\\/]package\.json$/;

/**
 * The federation plugin's runtime-core publisher imports `@module-federation/runtime/package.json` for
 * its version alone, which put the whole package.json (scripts, exports, repository) into the shell's
 * remoteEntry.js. This loads that file as just `{ "version": … }` (still JSON, for Vite's JSON plugin).
 */
export function runtimePackageVersionPlugin(): Plugin {
  return {
    name: 'pitclock:runtime-package-version',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!RUNTIME_PACKAGE_JSON.test(file)) return null;
      const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
      return JSON.stringify({ version });
    },
  };
}
