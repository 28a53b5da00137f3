import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REACT_EXPORTS_PREACT_LACKS } from './preact-gaps.mjs';

const require = createRequire(import.meta.url);
const internal = (name) => name.startsWith('__');
const exportsOf = async (specifier) => {
  const namespace = await import(specifier);
  return new Set([...Object.keys(namespace), ...Object.keys(namespace.default ?? {})]);
};

describe('the React exports eslint bans, because builds run preact/compat', () => {
  it.each([
    ['react', 'preact/compat'],
    ['react-dom', 'preact/compat'],
    ['react-dom/client', 'preact/compat/client'],
  ])('lists exactly the public exports of %s that %s lacks', async (react, preact) => {
    const provided = await exportsOf(preact);
    const lacking = Object.keys(require(react)).filter((name) => !provided.has(name) && !internal(name));
    expect([...REACT_EXPORTS_PREACT_LACKS[react]].sort()).toEqual(lacking.sort());
  });
});
