import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SHELL_CHUNKS_FOR_COOK_APP, remoteFirstLoad, shellFilesFor } from './remote-preload';

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
    'assets/_virtual_mf___mfe_internal__shell__loadRemote__cook_app_mf_1_CookApp__mf_consumer__client__mf_owner__1__loadRemote__-2.js',
    'assets/__mfe_internal__shell__mf_owner__9__tree_shaking___mf_0_reduxjs_mf_1_toolkit-3.js',
    'assets/_virtual_mf___mfe_internal__shell__mf_owner__9__prebuild__react_mf_2_redux__prebuild__-4.js',
    'assets/_virtual_mf___mfe_internal__shell__mf_owner__9__prebuild___mf_0_reduxjs_mf_1_toolkit__prebuild__-5.js',
  ];

  it('finds the cook-app loader and the shared Redux chunks the cook-app waits for, not the full copies', () => {
    expect(shellFilesFor(names, SHELL_CHUNKS_FOR_COOK_APP, '/')).toEqual([
      `/${names[1]}`,
      `/${names[2]}`,
      `/${names[3]}`,
    ]);
  });

  it('fails the build when the federation plugin names a chunk otherwise', () => {
    expect(() => shellFilesFor(names.slice(0, 2), SHELL_CHUNKS_FOR_COOK_APP, '/')).toThrow(
      /no shell chunk matches/,
    );
  });
});
