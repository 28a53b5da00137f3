import { describe, expect, it } from 'vitest';
import { reactModulesIn } from './no-react-in-build.ts';

const chunk = (fileName, moduleIds) => ({ fileName, moduleIds });

describe('reactModulesIn (the build check that no React runs beside preact/compat)', () => {
  it("names each of React's, ReactDOM's and the scheduler's modules with its chunk", () => {
    const found = reactModulesIn([
      chunk('assets/shell.js', [
        '/app/shell/src/main.tsx',
        '/app/node_modules/react/cjs/react.production.js',
      ]),
      chunk('assets/ds.js', ['/app/node_modules/react-dom/cjs/react-dom-client.production.js']),
      chunk('assets/s.js', ['C:\\app\\node_modules\\scheduler\\cjs\\scheduler.production.js']),
    ]);
    expect(found).toEqual([
      'assets/shell.js: /app/node_modules/react/cjs/react.production.js',
      'assets/ds.js: /app/node_modules/react-dom/cjs/react-dom-client.production.js',
      'assets/s.js: C:\\app\\node_modules\\scheduler\\cjs\\scheduler.production.js',
    ]);
  });

  it('passes preact, React-named packages that are not React, and entry files that load preact/compat', () => {
    const found = reactModulesIn([
      chunk('assets/a.js', [
        '/app/node_modules/preact/compat/dist/compat.mjs',
        '/app/node_modules/react-router/dist/development/index.mjs',
        '/app/node_modules/react-redux/dist/react-redux.mjs',
        '/app/node_modules/react/index.js',
      ]),
    ]);
    expect(found).toEqual([]);
  });
});
