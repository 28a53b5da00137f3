import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export type BuildMeta = { version: string; buildTime: string };

/** The version of this build: PITCLOCK_VERSION, else the shell's package version plus the build time. */
export function createBuildMeta(root: string, now: Date, env: NodeJS.ProcessEnv): BuildMeta {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const buildTime = now.toISOString();
  const stamp = buildTime.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return { version: env.PITCLOCK_VERSION || `${pkg.version}+${stamp}`, buildTime };
}

/** Defines __PITCLOCK_BUILD__ (the running build) and writes dist/build-meta.json (the deployed one). */
export function buildMetaPlugin(meta: BuildMeta): Plugin {
  return {
    name: 'pitclock-build-meta',
    config: () => ({ define: { __PITCLOCK_BUILD__: JSON.stringify(meta) } }),
    configureServer(server) {
      server.middlewares.use('/build-meta.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-cache');
        res.end(JSON.stringify(meta));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-meta.json',
        source: `${JSON.stringify(meta, null, 2)}\n`,
      });
    },
  };
}
