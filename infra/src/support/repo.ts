import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (this file is infra/src/support/repo.ts). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const repoPath = (relativePath: string): string => join(repoRoot, relativePath);

export const readRepoFile = (relativePath: string): string => readFileSync(repoPath(relativePath), 'utf8');

export const repoFileExists = (relativePath: string): boolean => existsSync(repoPath(relativePath));

/** Every file below a repository folder (relative paths, sorted), skipping node_modules. */
export const listRepoFiles = (
  relativeDir: string,
  keep: (path: string) => boolean = () => true,
): string[] => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(relative(repoRoot, full).split('\\').join('/'));
    }
  };
  walk(repoPath(relativeDir));
  return found.filter(keep).sort();
};

/** An installed package's folder: infra's own node_modules first, then the hoisted one at the root. */
export const packageDir = (name: string): string => {
  for (const base of ['infra/node_modules', 'node_modules']) {
    const dir = repoPath(`${base}/${name}`);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`the package ${name} is not installed (npm install at the repository root)`);
};

/** The root package.json: workspaces and the pinned devDependencies. */
export const rootPackage = (): { workspaces: string[]; devDependencies: Record<string, string> } =>
  JSON.parse(readRepoFile('package.json')) as {
    workspaces: string[];
    devDependencies: Record<string, string>;
  };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
