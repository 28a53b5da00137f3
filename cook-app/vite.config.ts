import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { cookAppFederation } from './module-federation.config.ts';
import hosting from '../scripts/lib/front-ends.json' with { type: 'json' };
import { precompressedAssets } from '../scripts/lib/precompress.ts';
import { noReactInBuild } from '../scripts/lib/no-react-in-build.ts';
import { federationRuntimeChunk } from '../scripts/lib/federation-chunks.ts';

const { base, devPort, previewPort } = hosting['cook-app'];

// Served under its base both by its own dev server and by the gateway (scripts/lib/front-ends.json).
export default defineConfig(({ command }) => {
  const federationConfig = cookAppFederation({ build: command === 'build' });
  return {
    base,
    plugins: [
      react(),
      federation(federationConfig),
      federationRuntimeChunk(),
      noReactInBuild(),
      precompressedAssets(),
    ],
    server: {
      port: devPort,
      strictPort: true,
      origin: `http://localhost:${devPort}`,
      cors: true,
      // Transformed at start, so that the shell's first visit does not wait for every module.
      warmup: { clientFiles: Object.values(federationConfig.exposes) },
    },
    // The first dependency optimisation holds everything this dev server serves. The scanner misses
    // the shared packages and the federation runtime (the plugin resolves them at request time); found
    // later, they make Vite re-optimise and send a reload, which Vite keeps when no page is connected
    // and delivers to the first page that connects: the shell's page, mid-visit. The workspace
    // packages are served as source.
    optimizeDeps: {
      include: [
        ...Object.keys(federationConfig.shared).filter((name) => !name.startsWith('@pitclock/')),
        '@module-federation/runtime',
        '@module-federation/runtime/helpers',
      ],
    },
    preview: { port: previewPort, strictPort: true },
    build: {
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          codeSplitting: {
            groups: [
              // What the exposed CookApp imports statically is one file: the first screen waits for all of
              // it anyway, and one request costs less than twenty small ones.
              { name: 'cook-app', test: /[\\/]cook-app[\\/]src[\\/]app[\\/]cook-app\.tsx$/, priority: 20 },
              // The sync runner, loaded once the first screen shows, and the records and sync schemas it
              // imports: one request after the first screen, not a chain of three.
              {
                name: 'sync-runner',
                test: /[\\/]cook-app[\\/]src[\\/]features[\\/]sync[\\/]sync-runner\.ts$/,
                priority: 15,
              },
            ],
          },
        },
      },
    },
  };
});
