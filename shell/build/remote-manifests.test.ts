// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { remoteUsedExports } from './remote-manifests';

function dist(shared: unknown[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'remote-manifest-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ shared }));
  return dir;
}

describe('remoteUsedExports', () => {
  it('unites what every remote imports from each tree-shaken package', () => {
    const cook = dist([
      { name: 'react-router-dom', usedExports: ['Routes', 'Route'] },
      { name: '@reduxjs/toolkit', treeShaking: { usedExports: ['createSlice'] } },
      { name: 'react' },
    ]);
    const admin = dist([{ name: 'react-router-dom', usedExports: ['Route', 'useParams'] }]);
    expect(
      remoteUsedExports([cook, admin], ['react-router-dom', '@reduxjs/toolkit', '@pitclock/contracts']),
    ).toEqual({
      'react-router-dom': ['Route', 'Routes', 'useParams'],
      '@reduxjs/toolkit': ['createSlice'],
      '@pitclock/contracts': [],
    });
  });

  it('fails when a remote has not been built', () => {
    expect(() =>
      remoteUsedExports([mkdtempSync(path.join(tmpdir(), 'empty-'))], ['react-router-dom']),
    ).toThrow(/build the remotes/);
  });
});
