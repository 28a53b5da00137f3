import path from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { TREE_SHAKEN_SHARED, shellFederation } from './module-federation.config.ts';
import { preactClientAlias, preactInPlaceOfReact } from './build/preact.ts';
import { buildMetaPlugin, createBuildMeta } from './build/build-meta.ts';
import { remotePrecacheEntries } from './build/remote-precache.ts';
import { remoteUsedExports } from './build/remote-manifests.ts';
import { sharedFallbacksPlugin } from './build/shared-fallbacks.ts';
import { runtimePackageVersionPlugin } from './build/runtime-package-version.ts';
import { remoteFirstLoad, remotePreloadPlugin } from './build/remote-preload.ts';
import hosting from '../scripts/lib/front-ends.json' with { type: 'json' };
import { precompressedAssets } from '../scripts/lib/precompress.ts';
import { noReactInBuild } from '../scripts/lib/no-react-in-build.ts';
import { federationRuntimeChunk } from '../scripts/lib/federation-chunks.ts';

/** A remote's entry: same-origin in a build (the gateway serves it), its own dev server in development. */
const remoteEntry = (remote: 'cook-app' | 'admin-console', building: boolean): string => {
  const { base, devPort } = hosting[remote];
  return `${building ? '' : `http://localhost:${devPort}`}${base}remoteEntry.js`;
};

/** Workbox leaves larger files out of the precache silently; remote-precache.ts fails the build instead. */
const MAX_PRECACHE_BYTES = 2 * 1024 * 1024;

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const building = command === 'build';
  const cookAppDist = path.resolve(import.meta.dirname, '../cook-app/dist');
  const adminConsoleDist = path.resolve(import.meta.dirname, '../admin-console/dist');
  const meta = createBuildMeta(import.meta.dirname, new Date(), process.env);
  const fallbacks = sharedFallbacksPlugin({
    treeShaken: TREE_SHAKEN_SHARED,
    workspaceSources: ['../contracts/src', '../design-system/src'].map((dir) =>
      path.resolve(import.meta.dirname, dir),
    ),
  });

  return {
    plugins: [
      react(),
      preactInPlaceOfReact(),
      runtimePackageVersionPlugin(),
      remotePreloadPlugin({
        building,
        base: hosting.shell.base,
        cookAppFirstLoad: () => remoteFirstLoad(cookAppDist, hosting['cook-app'].base, 'CookApp'),
      }),
      federation(
        shellFederation({
          cookAppEntry: env.VITE_COOK_APP_ENTRY ?? remoteEntry('cook-app', building),
          adminConsoleEntry: env.VITE_ADMIN_CONSOLE_ENTRY ?? remoteEntry('admin-console', building),
          remoteExports: building
            ? remoteUsedExports([cookAppDist, adminConsoleDist], TREE_SHAKEN_SHARED)
            : undefined,
        }),
      ),
      federationRuntimeChunk(),
      buildMetaPlugin(meta),
      fallbacks.plugin,
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        includeManifestIcons: false, // public/icons are precached by globPatterns already
        manifest: {
          name: 'PitClock',
          short_name: 'PitClock',
          description: 'The cook-off clock for competition barbecue teams.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: '#b3420e',
          background_color: '#faf7f4',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        injectManifest: {
          rollupFormat: 'iife',
          globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
          maximumFileSizeToCacheInBytes: MAX_PRECACHE_BYTES,
          // Full copies of the tree-shaken shared packages never load (see build/shared-fallbacks.ts).
          manifestTransforms: [
            async (entries) => ({
              manifest: entries.filter((entry) => !fallbacks.isFallback(entry.url)),
              warnings: [],
            }),
          ],
          // The cook-app is a separate build: its files join the shell's precache, revisioned by content.
          // admin-console is not precached: the service worker caches it at runtime, for admins only.
          additionalManifestEntries: building
            ? remotePrecacheEntries(cookAppDist, hosting['cook-app'].base, MAX_PRECACHE_BYTES)
            : [],
        },
        devOptions: { enabled: false },
      }),
      noReactInBuild(),
      precompressedAssets(),
    ],
    resolve: building ? { alias: [preactClientAlias] } : {},
    // In development /api goes to a running gateway (npm start, or the e2e stack).
    server: {
      port: hosting.shell.devPort,
      strictPort: true,
      proxy: { '/api': process.env.PITCLOCK_API_PROXY ?? 'http://localhost:8080' },
      // Transformed at start, so that the first visit does not wait for every module.
      warmup: { clientFiles: ['./index.html'] },
    },
    preview: { port: hosting.shell.previewPort, strictPort: true },
    build: {
      target: 'es2022',
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          codeSplitting: {
            // The shell's own code that main.tsx imports statically is one file (see cook-app's config).
            groups: [
              // workbox-window too: the service worker registers on every visit, so it is no file of its own;
              // and the federation's loader of the cook-app (about 1 KB; it fetches nothing until a cook screen
              // asks for the remote). The federation runtime's own files: federationRuntimeChunk().
              {
                name: 'shell',
                test: /[\\/]shell[\\/](?:src[\\/]main\.tsx|index\.html)$|[\\/]node_modules[\\/]workbox-window[\\/]|__loadRemote__cook_app_mf_1_CookApp__/,
                priority: 20,
              },
              // The licence check's answers (zod/mini) and what they import (zod/mini's core, the token
              // reader, which the contracts' shared file imports too): one file, preloaded with that file,
              // not three that a signed-in start asks for one after the other. The welcome page gets the
              // answers too (about 4 KB), not used there.
              {
                name: 'licence-check',
                test: /[\\/]contracts[\\/]src[\\/]schemas[\\/]licensing-answers\.ts\?__mf_tree_shaking_graph__=/,
                priority: 5,
              },
            ],
          },
        },
      },
    },
  };
});
