// `npm test`: everything CI checks, on a fresh machine with only Node. Installs npm packages and the OS
// packages it needs (Chromium, PostgreSQL, Redis), runs lint, typecheck, unit/story/service tests, the API
// fuzzer, the Storybook build, the front-end build and the Playwright suite, then prints one line
// 'N passed, N failed' ('K flaky' beside them when a test passed only on CI's retry; see
// scripts/lib/test-report.mjs and tests/quarantine.json).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  dataDir,
  ensureOsPackages,
  installNpmPackages,
  log,
  provisionDataServers,
  root,
} from './lib/provision.mjs';
import {
  closingLine,
  countPlaywright,
  describeFlaky,
  readQuarantine,
  unknownEntries,
} from './lib/test-report.mjs';

const resultsDir = path.join(dataDir, 'results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0, flaky: [] };
const failures = [];
/** Known flaky e2e tests: a listed test that passes on retry does not fail the run. */
const quarantineFile = path.join(root, 'tests', 'quarantine.json');
let quarantine = [];
try {
  quarantine = readQuarantine(quarantineFile);
} catch (error) {
  tally.failed += 1;
  failures.push(`quarantine file (${error.message})`);
}
const e2eReports = [];

function step(name, command, args, env = {}) {
  log(`── ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  log(
    `── ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

/** A step that is one check (lint, typecheck, a build). */
function check(name, command, args, env) {
  const ok = step(name, command, args, env);
  tally[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(name);
  return ok;
}

/**
 * A step whose runner reports its own test counts in a JSON file; `count` may list `flaky` tests (passed
 * only on retry), which are counted apart and fail the step unless quarantined.
 */
function suite(name, command, args, resultFile, count, env) {
  const ok = step(name, command, args, env);
  const counts = existsSync(resultFile) ? count(JSON.parse(readFileSync(resultFile, 'utf8'))) : null;
  if (counts === null) {
    tally.failed += 1;
    failures.push(`${name} (no results)`);
    return;
  }
  const flaky = (counts.flaky ?? []).map((test) => ({ ...test, run: name }));
  const unexcused = flaky.filter((test) => !test.quarantine).length;
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  tally.skipped += counts.skipped;
  tally.flaky.push(...flaky);
  if (!ok || counts.failed > 0) failures.push(name);
  else if (unexcused > 0) failures.push(`${name} (${unexcused} flaky, not quarantined)`);
  if (!ok && counts.failed === 0) {
    tally.failed += 1; // the runner failed outside any test (a crash, an unhandled error)
  }
}

/** Counts a Playwright JSON report; CI retries a failed test once, and one that then passed is flaky. */
function playwrightCounts(report) {
  e2eReports.push(report);
  return countPlaywright(report, quarantine);
}

/** The main user flows, also run against the scaled stack. */
const scaledFlows = ['accounts', 'license', 'cook-offs', 'run', 'push', 'admin'].map(
  (spec) => `tests/e2e/${spec}.spec.ts`,
);

installNpmPackages();
ensureOsPackages(['chromium']);
const servers = await provisionDataServers();
const dataEnv = { PG_ADMIN_URL: servers.adminUrl, TEST_REDIS_URL: servers.redisUrl };

try {
  check('lint (ESLint and Prettier)', 'npm', ['run', 'lint']);
  check('typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
  const vitestFile = path.join(resultsDir, 'vitest.json');
  suite(
    'unit, story and service tests',
    'npx',
    // No retries: Vitest's JSON report does not tell a test that passed on retry, so a flaky unit test
    // fails the run rather than passing unseen.
    [
      'vitest',
      'run',
      '--retry=0',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestFile}`,
    ],
    vitestFile,
    (r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
    }),
    dataEnv,
  );
  // The property-based fuzzer over every operation of the OpenAPI document, fixed seed (tests/fuzz); it
  // starts its own stack on a fresh database and needs no front-end build. Counts operations.
  const fuzzFile = path.join(resultsDir, 'fuzz.json');
  suite(
    'API fuzzer (fast-check over the OpenAPI document)',
    'node',
    ['--import', 'tsx', 'tests/fuzz/run.ts'],
    fuzzFile,
    (r) => ({ passed: r.passed, failed: r.failed, skipped: r.skipped }),
    { ...dataEnv, REDIS_URL: servers.redisUrl, FUZZ_RESULT_FILE: fuzzFile },
  );
  check('storybook build', 'npm', ['run', 'build-storybook', '-w', 'design-system']);
  const built = check('front-end build', 'npm', ['run', 'build']);
  if (built) {
    const e2eFile = path.join(resultsDir, 'playwright.json');
    suite(
      'e2e (Playwright, Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
      e2eFile,
      playwrightCounts,
      { ...dataEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile, REDIS_URL: servers.redisUrl },
    );
    // The same user flows, unchanged, against two instances of each service and three notifier workers
    // behind the gateway: the services keep no state of their own (issue 11).
    const scaledFile = path.join(resultsDir, 'playwright-scaled.json');
    suite(
      'e2e against the scaled stack',
      'npx',
      [
        'playwright',
        'test',
        '-c',
        'tests/e2e/playwright.config.ts',
        '--project=chromium',
        '--reporter=list,json',
        ...scaledFlows,
      ],
      scaledFile,
      playwrightCounts,
      {
        ...dataEnv,
        E2E_SCALED: '1',
        PLAYWRIGHT_JSON_OUTPUT_NAME: scaledFile,
        REDIS_URL: servers.redisUrl,
      },
    );
  } else {
    tally.failed += 2;
    failures.push('e2e (not run: the build failed)');
  }
} finally {
  await servers.stop();
}

const unknown = unknownEntries(quarantine, e2eReports);
if (e2eReports.length && unknown.length) {
  log(`tests/quarantine.json names tests that no longer exist: ${unknown.map((e) => e.test).join('; ')}`);
}
if (tally.flaky.length) {
  log(`flaky (failed, then passed on retry):\n${describeFlaky(tally.flaky).join('\n')}`);
}
if (failures.length) log(`failed: ${failures.join('; ')}`);
process.stdout.write(`${closingLine(tally)}\n`);
const unexcusedFlaky = tally.flaky.filter((test) => !test.quarantine).length;
process.exit(tally.failed === 0 && unexcusedFlaky === 0 ? 0 : 1);
