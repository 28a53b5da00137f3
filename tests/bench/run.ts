// `npm run bench`: runs every benchmark in turn (each through tsx); each prints its own figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = [
  'bundle.ts',
  'lighthouse.ts',
  'offline-reload.ts',
  'auth.ts',
  'gateway.ts',
  'store.ts',
  'redeem.ts',
  'admin.ts',
  'notifier.ts',
  'push-floor.ts',
  'contest-morning.ts',
  'sync.ts',
];
let failed = 0;
for (const bench of benches) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, bench)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
