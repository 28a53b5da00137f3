// How `npm test` reads a Playwright JSON report: the tests that passed, failed, were skipped, and the
// flaky ones (failed, then passed on CI's retry), which it counts apart and which fail the run unless
// tests/quarantine.json lists them with a reason.
import { existsSync, readFileSync } from 'node:fs';

/**
 * tests/quarantine.json: a JSON array of known flaky tests, each
 * `{ "test": "<file> › <title>", "reason": "why it is flaky", "issue": "where its fix is tracked" }`.
 * `test` is the file under tests/e2e and the test's titles (describe blocks first) joined by ' › ', as
 * npm test prints a flaky test; it matches the test in every project and in both e2e runs. A listed test
 * that passes on retry is reported and does not fail the run; one that fails outright still fails it.
 */
export function readQuarantine(file) {
  if (!existsSync(file)) return [];
  const entries = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${file}: expected an array of { test, reason, issue }`);
  entries.forEach((entry, index) => {
    for (const key of ['test', 'reason']) {
      if (typeof entry?.[key] !== 'string' || entry[key].trim() === '') {
        throw new Error(`${file}: entry ${index} needs a non-empty "${key}"`);
      }
    }
    if (entry.issue !== undefined && typeof entry.issue !== 'string') {
      throw new Error(`${file}: entry ${index}: "issue" must be a string`);
    }
  });
  return entries;
}

/** Every test of a Playwright JSON report: its name ('<file> › <titles>'), project and status. */
export function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = [spec.file, ...titles, spec.title].join(' › ');
      for (const test of spec.tests ?? [])
        tests.push({ name, project: test.projectName, status: test.status });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A file's own suite is titled by the file, which the name already holds.
  for (const fileSuite of report.suites ?? []) walk(fileSuite, []);
  return tests;
}

/**
 * The counts of a Playwright report. `flaky` lists the tests that passed only on retry, each with its
 * quarantine entry when it has one.
 */
export function countPlaywright(report, quarantine = []) {
  const counts = { passed: 0, failed: 0, skipped: 0, flaky: [] };
  for (const test of playwrightTests(report)) {
    if (test.status === 'expected') counts.passed += 1;
    else if (test.status === 'unexpected') counts.failed += 1;
    else if (test.status === 'skipped') counts.skipped += 1;
    else if (test.status === 'flaky') {
      counts.flaky.push({ ...test, quarantine: quarantine.find((entry) => entry.test === test.name) });
    }
  }
  return counts;
}

/** The quarantine entries that name no test of the reports (a test renamed or removed since). */
export function unknownEntries(quarantine, reports) {
  const names = new Set(reports.flatMap((report) => playwrightTests(report).map((test) => test.name)));
  return quarantine.filter((entry) => !names.has(entry.test));
}

/** The flaky tests of a run, one line each, and whether each is quarantined. */
export function describeFlaky(flaky) {
  return flaky.map(({ name, project, run, quarantine }) => {
    const where = [run, project].filter(Boolean).join(', ');
    const verdict = quarantine
      ? `quarantined: ${quarantine.reason}${quarantine.issue ? ` (${quarantine.issue})` : ''}`
      : 'not in tests/quarantine.json: fails the run';
    return `  ${name} [${where}]: ${verdict}`;
  });
}

/** The closing line: 'N passed, M failed, K flaky (J quarantined), S skipped'. */
export function closingLine({ passed, failed, skipped, flaky }) {
  const quarantined = flaky.filter((test) => test.quarantine).length;
  const parts = [`${passed} passed`, `${failed} failed`];
  if (flaky.length) parts.push(`${flaky.length} flaky${quarantined ? ` (${quarantined} quarantined)` : ''}`);
  if (skipped) parts.push(`${skipped} skipped`);
  return parts.join(', ');
}
