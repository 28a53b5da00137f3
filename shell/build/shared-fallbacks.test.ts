// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeSharedName, findFallbackChunks } from './shared-fallbacks';

const contracts = path.resolve('/repo/contracts/src');
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  fileName,
  moduleIds,
  imports,
  isEntry,
});
const options = { treeShaken: ['react-router-dom', '@pitclock/contracts'], workspaceSources: [contracts] };

describe('findFallbackChunks', () => {
  it('spells package names as the federation plugin does', () => {
    expect(encodeSharedName('@reduxjs/toolkit')).toBe('_mf_0_reduxjs_mf_1_toolkit');
    expect(encodeSharedName('react-router-dom')).toBe('react_mf_2_router_mf_2_dom');
  });

  it('finds the full copies of tree-shaken packages and nothing else', () => {
    const chunks = [
      chunk('index.js', ['/repo/shell/src/main.tsx'], ['tree-shaken-router.js'], true),
      chunk('tree-shaken-router.js', [
        '/repo/node_modules/react-router/index.mjs?__mf_tree_shaking_graph__=react-router-dom',
      ]),
      chunk('full-router.js', [
        'virtual:mf:x__prebuild__react_mf_2_router_mf_2_dom__prebuild__.js',
        '/repo/node_modules/react-router/index.mjs',
      ]),
      chunk('full-contracts.js', [
        `${contracts}/index.ts`,
        `${contracts}/session/token.ts`,
        '/repo/node_modules/zod/index.js',
      ]),
      chunk('react-redux.js', [
        'virtual:mf:x__prebuild__react_mf_2_redux__prebuild__.js',
        '/repo/node_modules/react-redux/index.js',
      ]),
    ];
    expect(findFallbackChunks(chunks, options)).toEqual({
      fallbacks: ['full-router.js', 'full-contracts.js'],
      keptStatic: [],
    });
  });

  it('keeps a candidate that other code imports statically', () => {
    const chunks = [
      chunk('index.js', ['/repo/shell/src/main.tsx'], ['shared-zod.js'], true),
      chunk('shared-zod.js', [`${contracts}/schemas/common.ts`, '/repo/node_modules/zod/index.js']),
      chunk('lazy.js', ['/repo/shell/src/lazy.tsx'], ['full-router.js']),
      chunk('full-router.js', ['virtual:mf:x__prebuild__react_mf_2_router_mf_2_dom__prebuild__.js']),
    ];
    expect(findFallbackChunks(chunks, options)).toEqual({
      fallbacks: [],
      keptStatic: ['shared-zod.js', 'full-router.js'],
    });
  });
});
