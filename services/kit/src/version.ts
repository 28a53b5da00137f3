import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type VersionInfo = { version: string; commit?: string };

const findWorkspaceRoot = (from: string): string | undefined => {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { workspaces?: unknown; version?: unknown };
      if (pkg.workspaces !== undefined) return typeof pkg.version === 'string' ? pkg.version : undefined;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
};

/**
 * The backend version: APP_VERSION, else the "version" of the monorepo's root package.json, else 0.0.0.
 * The commit comes from APP_COMMIT when set.
 */
export const resolveVersion = (env: Record<string, string | undefined> = process.env): VersionInfo => {
  const version = env.APP_VERSION || findWorkspaceRoot(dirname(fileURLToPath(import.meta.url))) || '0.0.0';
  return env.APP_COMMIT ? { version, commit: env.APP_COMMIT } : { version };
};
