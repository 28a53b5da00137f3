import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestShared = { name: string; usedExports?: string[]; treeShaking?: { usedExports?: string[] } };
type Manifest = { shared?: ManifestShared[] };

/**
 * The exports each tree-shaken shared package must provide: the union, over the remotes' built
 * dist/mf-manifest.json, of what each remote imports. The shell provides a tree-shaken copy of these
 * packages; a remote asking for an export the shell lacks would make the federation runtime load a
 * second, full copy (a second router or store context), so the shell's build always covers them.
 */
export function remoteUsedExports(
  remoteDists: string[],
  packages: readonly string[],
): Record<string, string[]> {
  const used: Record<string, Set<string>> = Object.fromEntries(
    packages.map((name) => [name, new Set<string>()]),
  );
  for (const dist of remoteDists) {
    const file = path.join(dist, 'mf-manifest.json');
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: build the remotes (cook-app, admin-console) before the shell`);
    }
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    for (const shared of manifest.shared ?? []) {
      const target = used[shared.name];
      if (!target) continue;
      for (const name of [...(shared.usedExports ?? []), ...(shared.treeShaking?.usedExports ?? [])])
        target.add(name);
    }
  }
  return Object.fromEntries(Object.entries(used).map(([name, set]) => [name, [...set].sort()]));
}
