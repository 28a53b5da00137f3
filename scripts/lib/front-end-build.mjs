// Builds the front ends whose build is older than their sources, so that the e2e suite never tests a stale
// dist and does not pay the whole build (about 14 s) when nothing changed. A front end is out of date when
// a file it is built from (its own folder, the workspace packages it depends on, the root's package and
// TypeScript settings; for the shell also the remotes' dist, which it reads) is newer than the oldest file
// of its dist. Tests and stories are not built into an app and do not count.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { log, root, run } from './provision.mjs';
import hosting from './front-ends.json' with { type: 'json' };

/**
 * Where each front end is served, defined once in front-ends.json (read by the Vite configs, npm run dev
 * and the Playwright config): its base path, its dev server's port and its preview port.
 */
export const frontEndHosting = hosting;

/** In the order of `npm run build`: the remotes first, then the shell that reads their dist. */
export const frontEnds = [
  { name: 'cook-app', readsDistOf: [] },
  { name: 'admin-console', readsDistOf: [] },
  { name: 'shell', readsDistOf: ['cook-app', 'admin-console'] },
];

const skippedFolders = new Set(['node_modules', 'dist', 'storybook-static', '.storybook', 'test-results']);
const notBuilt = /\.(test|spec|stories)\.[cm]?[jt]sx?$|\.snap$/;
const rootInputs = /^(package(-lock)?\.json|tsconfig(\.[\w-]+)?\.json)$/;

/** The newest modification time (ms) among the files under dir that count, 0 when there are none. */
export function newestInput(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) newest = Math.max(newest, newestInput(full));
    } else if (entry.isFile() && !notBuilt.test(entry.name)) {
      newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}

/** The oldest modification time (ms) among every file under dir, or undefined when it has none. */
export function oldestOutput(dir) {
  if (!existsSync(dir)) return undefined;
  let oldest;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const time = statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs;
    oldest = oldest === undefined ? time : Math.min(oldest, time);
  }
  return oldest;
}

/** The workspace folders a package depends on (@pitclock/* in its dependencies), transitively. */
export function workspaceDependencies(folder, base = root, seen = new Set()) {
  const manifest = JSON.parse(readFileSync(path.join(base, folder, 'package.json'), 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
    name.startsWith('@pitclock/'),
  );
  for (const name of names) {
    const dependency = name.slice('@pitclock/'.length);
    if (seen.has(dependency) || dependency === path.basename(folder)) continue;
    if (!existsSync(path.join(base, dependency, 'package.json'))) continue;
    seen.add(dependency);
    workspaceDependencies(dependency, base, seen);
  }
  return [...seen];
}

/** Why the front end needs a build ('no build yet', 'src/x.ts changed'...), or undefined when up to date. */
export function staleReason(app, base = root) {
  const built = oldestOutput(path.join(base, app.name, 'dist'));
  if (built === undefined) return 'no build yet';
  const rootNewest = Math.max(
    0,
    ...readdirSync(base)
      .filter((name) => rootInputs.test(name))
      .map((name) => statSync(path.join(base, name)).mtimeMs),
  );
  const sources = [app.name, ...workspaceDependencies(app.name, base)];
  const candidates = [
    ['the root package or TypeScript settings', rootNewest],
    ...sources.map((folder) => [folder, newestInput(path.join(base, folder))]),
    ...app.readsDistOf.map((remote) => [`${remote}/dist`, newestInput(path.join(base, remote, 'dist'))]),
  ];
  const changed = candidates.filter(([, time]) => time > built).map(([what]) => what);
  return changed.length ? `changed since its build: ${changed.join(', ')}` : undefined;
}

/** Builds, in order, each front end that is out of date; says which and why, or that all are current. */
export function buildChangedFrontEnds() {
  let built = 0;
  for (const app of frontEnds) {
    const reason = staleReason(app);
    if (!reason) continue;
    log(`building ${app.name} (${reason})`);
    run('npm', ['run', 'build', '-w', app.name]);
    built += 1;
  }
  if (built === 0) log('the front-end builds are up to date');
}
