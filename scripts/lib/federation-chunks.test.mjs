import { describe, expect, it } from 'vitest';
import { mergeFederationRuntimeChunks } from './federation-chunks.ts';

/** A config as the federation plugin leaves it: its preload-helper group first, then the user's groups. */
const configWith = (groups) => ({ build: { rolldownOptions: { output: { codeSplitting: { groups } } } } });
const helperGroup = () => ({
  name: 'vite-preload-helper',
  test: /\0?vite\/preload-helper/,
  priority: 1000001,
});

describe('mergeFederationRuntimeChunks (the federation runtime, its share map and the preload helper as one file)', () => {
  it("turns the plugin's preload-helper group into the federation group, and leaves the others alone", () => {
    const userGroup = { name: 'shell', test: /main\.tsx$/, priority: 20 };
    const config = configWith([helperGroup(), userGroup]);
    mergeFederationRuntimeChunks(config);
    const [federation, shell] = config.build.rolldownOptions.output.codeSplitting.groups;
    expect(federation.name).toBe('federation');
    expect(federation.priority).toBe(1000001);
    expect(shell).toBe(userGroup);

    const takes = (id) => federation.test(id);
    expect(takes('\0vite/preload-helper.js')).toBe(true);
    expect(takes('/app/node_modules/@module-federation/runtime-core/dist/core.js')).toBe(true);
    expect(takes('C:\\app\\node_modules\\@module-federation\\sdk\\dist\\env.js')).toBe(true);
    expect(takes('\0virtual:mf-localSharedImportMap:__mfe_internal__shell__mf_owner__1')).toBe(true);
    expect(takes('/app/node_modules/preact/dist/preact.mjs')).toBe(false);
    expect(takes('/app/shell/src/main.tsx')).toBe(false);
    expect(takes('\0virtual:mf:__mfe_internal__shell__loadShare__react__loadShare__.js')).toBe(false);
  });

  it('changes the group of every output', () => {
    const config = {
      build: {
        rolldownOptions: {
          output: [
            configWith([helperGroup()]).build.rolldownOptions.output,
            configWith([helperGroup()]).build.rolldownOptions.output,
          ],
        },
      },
    };
    mergeFederationRuntimeChunks(config);
    const names = config.build.rolldownOptions.output.map(
      ({ codeSplitting }) => codeSplitting.groups[0].name,
    );
    expect(names).toEqual(['federation', 'federation']);
  });

  it('fails the build when the federation plugin no longer makes the group', () => {
    expect(() => mergeFederationRuntimeChunks(configWith([{ name: 'shell', test: /x/ }]))).toThrow(
      /"vite-preload-helper" code-splitting group is missing/,
    );
    expect(() => mergeFederationRuntimeChunks({})).toThrow(/is missing/);
  });
});
