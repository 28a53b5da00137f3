// `npm run fault` (in tests/): runs every fault test in turn (each through tsx), each on a scaled stack of its
// own with a private PostgreSQL and a private Redis (see lib.ts); each prints what it did and PASS/FAIL per
// check. Exits 1 when any of them failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const scenarios = [
  'kill-instance.ts',
  'postgres-restart.ts',
  'redis-restart.ts',
  'redis-wipe.ts',
  'rolling-deploy.ts',
  'sync-failover.ts',
];
const results: { scenario: string; ok: boolean; seconds: number }[] = [];
for (const scenario of scenarios) {
  const began = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, scenario)], {
    stdio: 'inherit',
  });
  results.push({ scenario, ok: result.status === 0, seconds: Math.round((Date.now() - began) / 1000) });
  console.log('');
}
console.log('== fault tests');
for (const { scenario, ok, seconds } of results)
  console.log(`${ok ? 'PASS' : 'FAIL'} ${scenario} (${seconds} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
