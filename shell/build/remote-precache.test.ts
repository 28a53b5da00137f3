// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { remotePrecacheEntries } from './remote-precache';

function fakeDist(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('remotePrecacheEntries', () => {
  it("lists the remote's files under its URL, revisioned by content, without its page, metadata, fallbacks and .br/.gz copies", () => {
    const dist = fakeDist({
      'remoteEntry.js': 'entry v1',
      'assets/cook-app-abc.js': 'code',
      'assets/style-def.css': 'css',
      'assets/_virtual_mf___x__prebuild__react__prebuild__-1.js': 'fallback',
      'index.html': '<p>',
      'mf-manifest.json': '{}',
      'mf-stats.json': '{}',
      '.vite/manifest.json': '{}',
      'remoteEntry.js.br': 'br',
      'remoteEntry.js.gz': 'gz',
      'assets/cook-app-abc.js.br': 'br',
      'assets/style-def.css.gz': 'gz',
    });
    const entries = remotePrecacheEntries(dist, '/remotes/cook-app/', 1024);
    expect(entries.map((entry) => entry.url)).toEqual([
      '/remotes/cook-app/assets/cook-app-abc.js',
      '/remotes/cook-app/assets/style-def.css',
      '/remotes/cook-app/remoteEntry.js',
    ]);
    const entry = entries.find((e) => e.url.endsWith('remoteEntry.js'))!;
    writeFileSync(path.join(dist, 'remoteEntry.js'), 'entry v2');
    const changed = remotePrecacheEntries(dist, '/remotes/cook-app/', 1024).find((e) =>
      e.url.endsWith('remoteEntry.js'),
    )!;
    expect(changed.revision).not.toBe(entry.revision); // a new deploy replaces the cached entry
  });

  it('fails the build instead of leaving a file over the size limit out silently', () => {
    const dist = fakeDist({ 'remoteEntry.js': 'x', 'assets/huge.js': 'y'.repeat(2048) });
    expect(() => remotePrecacheEntries(dist, '/remotes/cook-app/', 1024)).toThrow(
      /assets\/huge\.js \(2048 bytes\) exceed/,
    );
  });

  it('fails when the remote is not built', () => {
    expect(() => remotePrecacheEntries(fakeDist({}), '/remotes/cook-app/', 1024)).toThrow(
      /build the remote before the shell/,
    );
  });
});
