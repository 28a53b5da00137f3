import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { remoteFirstLoad } from './remote-preload';

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
