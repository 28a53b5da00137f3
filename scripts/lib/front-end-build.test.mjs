import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frontEnds, staleReason, workspaceDependencies } from './front-end-build.mjs';

let base;
const hour = 3_600_000;
const at = Date.now() - 10 * hour;
/** Writes a file with a modification time `hours` after the start of the scene. */
const file = (relative, hours = 0, text = 'x') => {
  const full = path.join(base, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const time = new Date(at + hours * hour);
  utimesSync(full, time, time);
};
const manifest = (folder, dependencies = {}) =>
  file(`${folder}/package.json`, 0, JSON.stringify({ name: `@pitclock/${folder}`, dependencies }));
const [cookApp, , shell] = frontEnds;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'pitclock-build-'));
  file('package.json');
  file('package-lock.json');
  manifest('contracts');
  manifest('design-system', { '@pitclock/contracts': '0.1.0' });
  manifest('cook-app', { '@pitclock/design-system': '0.1.0', react: '19' });
  manifest('shell', { '@pitclock/contracts': '0.1.0' });
  file('contracts/src/index.ts', 1);
  file('cook-app/src/main.tsx', 1);
  file('shell/src/main.tsx', 1);
  file('cook-app/dist/index.html', 2);
  file('cook-app/dist/assets/main.js', 2);
  file('admin-console/dist/index.html', 2);
  file('shell/dist/index.html', 3);
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('the e2e build check', () => {
  it('finds the workspace packages a front end is built from, transitively', () => {
    expect(workspaceDependencies('cook-app', base).sort()).toEqual(['contracts', 'design-system']);
  });

  it('leaves a build newer than all its sources alone', () => {
    expect(staleReason(cookApp, base)).toBeUndefined();
    expect(staleReason(shell, base)).toBeUndefined();
  });

  it('rebuilds when its own source, or a package it imports, changed after the oldest file of its dist', () => {
    file('cook-app/src/features/runs/run-screen.tsx', 4);
    expect(staleReason(cookApp, base)).toBe('changed since its build: cook-app');
    file('contracts/src/api/paths.ts', 5);
    expect(staleReason(cookApp, base)).toBe('changed since its build: cook-app, contracts');
  });

  it('rebuilds the shell after a remote was rebuilt (it reads their dist), and when the lock file changed', () => {
    file('cook-app/dist/assets/main.js', 4);
    expect(staleReason(shell, base)).toBe('changed since its build: cook-app/dist');
    file('package-lock.json', 5);
    expect(staleReason(cookApp, base)).toBe(
      'changed since its build: the root package or TypeScript settings',
    );
  });

  it('does not count tests and stories, which are never built into an app', () => {
    file('cook-app/src/main.test.tsx', 4);
    file('contracts/src/index.stories.tsx', 4);
    file('cook-app/node_modules/.vite/deps.js', 4);
    expect(staleReason(cookApp, base)).toBeUndefined();
  });

  it('builds a front end that has no build yet', () => {
    rmSync(path.join(base, 'cook-app', 'dist'), { recursive: true });
    expect(staleReason(cookApp, base)).toBe('no build yet');
  });
});
