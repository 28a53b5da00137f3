import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PREACT_FOR_REACT, preactInPlaceOfReact, reactEntryReplacements } from './preact';

const resolve = createRequire(import.meta.url).resolve;

describe('preact/compat in place of React (builds)', () => {
  it("maps each of React's entry files to its preact/compat file", () => {
    const replacements = reactEntryReplacements();
    for (const [react, preact] of Object.entries(PREACT_FOR_REACT)) {
      expect(replacements.get(resolve(react))).toBe(resolve(preact));
    }
    expect(replacements.size).toBe(Object.keys(PREACT_FOR_REACT).length);
  });

  it("loads a React entry file as preact/compat's code, and leaves every other file alone", () => {
    const plugin = preactInPlaceOfReact();
    const load = plugin.load as (id: string) => string | null;
    const compat = JSON.stringify(resolve('preact/compat'));
    expect(load(resolve('react'))).toBe(`export * from ${compat};\nexport { default } from ${compat};\n`);
    expect(load(resolve('react-router-dom'))).toBeNull();
    expect(load(`${resolve('react')}?__mf_tree_shaking_graph__=x`)).toBeNull();
  });
});
