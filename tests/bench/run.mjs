// `npm run bench`: runs every benchmark in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = [
  'bundle.mjs',
  'auth.mjs',
  'store.mjs',
  'redeem.mjs',
  'notifier.mjs',
  'push-floor.mjs',
  'contest-morning.mjs',
];
let failed = 0;
for (const bench of benches) {
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
