import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SHELL_CHUNKS_FOR_COOK_APP,
  SHELL_CHUNKS_FOR_FIRST_PAINT,
  firstPaintFiles,
  remoteFirstLoad,
  shellFilesFor,
  withModulePreloads,
  type ChunkImports,
} from './remote-preload';

const dists: string[] = [];
const distWith = (manifest: unknown) => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'remote-preload-'));
  dists.push(dist);
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  return dist;
};
afterEach(() => dists.splice(0).forEach((dist) => rmSync(dist, { recursive: true, force: true })));

describe('remoteFirstLoad', () => {
  it('lists the remote entry and the exposed module’s synchronous scripts under the remote’s base', () => {
    const dist = distWith({
      exposes: [
        {
          name: 'CookApp',
          assets: {
            js: { sync: ['assets/cook-app-1.js', 'assets/federation-2.js'], async: ['assets/run-3.js'] },
          },
        },
      ],
    });
    expect(remoteFirstLoad(dist, '/remotes/cook-app/', 'CookApp')).toEqual([
      '/remotes/cook-app/remoteEntry.js',
      '/remotes/cook-app/assets/cook-app-1.js',
      '/remotes/cook-app/assets/federation-2.js',
    ]);
  });

  it('fails the build when the remote is not built or does not expose the module', () => {
    const missing = path.join(os.tmpdir(), 'remote-preload-none');
    expect(() => remoteFirstLoad(missing, '/r/', 'CookApp')).toThrow(/mf-manifest\.json is missing/);
    const dist = distWith({ exposes: [{ name: 'Other' }] });
    expect(() => remoteFirstLoad(dist, '/r/', 'CookApp')).toThrow(/does not expose CookApp/);
  });
});

describe('shellFilesFor', () => {
  const names = [
    'assets/shell-1.js',
    'assets/__mfe_internal__shell__mf_owner__9__tree_shaking___mf_0_reduxjs_mf_1_toolkit-3.js',
    'assets/_virtual_mf___mfe_internal__shell__mf_owner__9__prebuild__react_mf_2_redux__prebuild__-4.js',
    'assets/_virtual_mf___mfe_internal__shell__mf_owner__9__prebuild___mf_0_reduxjs_mf_1_toolkit__prebuild__-5.js',
  ];

  it('finds the shared Redux chunks the cook-app waits for, not the full copies', () => {
    expect(shellFilesFor(names, SHELL_CHUNKS_FOR_COOK_APP, '/')).toEqual([`/${names[1]}`, `/${names[2]}`]);
  });

  it('fails the build when the federation plugin names a chunk otherwise', () => {
    expect(() => shellFilesFor(names.slice(0, 2), SHELL_CHUNKS_FOR_COOK_APP, '/')).toThrow(
      /no shell chunk matches/,
    );
  });
});

describe('firstPaintFiles', () => {
  const contracts =
    'assets/__mfe_internal__shell__mf_owner__9__tree_shaking___mf_0_pitclock_mf_1_contracts-1.js';
  const designSystem =
    'assets/__mfe_internal__shell__mf_owner__9__tree_shaking___mf_0_pitclock_mf_1_design_mf_2_system-2.js';
  const router = 'assets/__mfe_internal__shell__mf_owner__9__tree_shaking__react_mf_2_router_mf_2_dom-3.js';
  const pending = 'assets/pendingShares-4.js';
  const chunk = (...imports: string[]): ChunkImports => ({ type: 'chunk', imports });
  const bundle: Record<string, ChunkImports> = {
    [contracts]: chunk('assets/core-5.js', 'assets/licensing-token-6.js'),
    'assets/core-5.js': chunk('assets/rolldown-runtime-7.js'),
    'assets/licensing-token-6.js': chunk('assets/rolldown-runtime-7.js'),
    'assets/rolldown-runtime-7.js': chunk(),
    [designSystem]: chunk('assets/rolldown-runtime-7.js', 'assets/loadShare-eager-8.js'),
    'assets/loadShare-eager-8.js': chunk(),
    [router]: chunk(),
    [pending]: chunk(),
    'assets/admin-9.js': chunk('assets/admin-only-10.js'),
    'assets/admin-only-10.js': chunk(),
    'assets/shell.css': { type: 'asset' },
  };

  it('lists the shared chunks of a first paint and everything they import, each once, and nothing else', () => {
    expect(firstPaintFiles(bundle, SHELL_CHUNKS_FOR_FIRST_PAINT)).toEqual([
      contracts,
      'assets/core-5.js',
      'assets/rolldown-runtime-7.js',
      'assets/licensing-token-6.js',
      designSystem,
      'assets/loadShare-eager-8.js',
      router,
      pending,
    ]);
  });

  it('fails the build when the federation plugin names a shared chunk otherwise', () => {
    const { [router]: _router, ...withoutRouter } = bundle;
    expect(() => firstPaintFiles(withoutRouter, SHELL_CHUNKS_FOR_FIRST_PAINT)).toThrow(
      /no shell chunk matches .*router/,
    );
  });
});

describe('withModulePreloads', () => {
  const page =
    '<html><head><script type="module" src="/assets/a.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/b.js"></head><body></body></html>';

  it('links each file the page does not load yet, before the end of its head', () => {
    expect(withModulePreloads(page, ['/assets/b.js', '/assets/c.js', '/assets/a.js'])).toBe(
      '<html><head><script type="module" src="/assets/a.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/b.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/c.js"></head><body></body></html>',
    );
  });
});
