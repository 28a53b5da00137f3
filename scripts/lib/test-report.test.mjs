import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  closingLine,
  countPlaywright,
  describeFlaky,
  playwrightTests,
  readQuarantine,
  unknownEntries,
} from './test-report.mjs';

// The shape of Playwright's JSON report (1.65), trimmed: a suite per file, describe blocks nested in it.
const spec = (title, status, projectName = 'chromium') => ({
  title,
  file: 'push.spec.ts',
  tests: [{ projectName, status, results: [] }],
});
const report = {
  suites: [
    {
      title: 'push.spec.ts',
      file: 'push.spec.ts',
      specs: [spec('a push reaches the phone', 'flaky'), spec('fails', 'unexpected')],
      suites: [
        {
          title: 'offline',
          file: 'push.spec.ts',
          specs: [spec('queues the subscription', 'expected'), spec('later', 'skipped')],
          suites: [{ title: 'inner', file: 'push.spec.ts', specs: [spec('retried', 'flaky')] }],
        },
      ],
    },
  ],
  stats: { expected: 1, unexpected: 1, flaky: 2, skipped: 1 },
};

describe('playwrightTests', () => {
  it("names each test '<file> › <describe blocks> › <title>', with its project and status", () => {
    expect(playwrightTests(report)).toEqual([
      { name: 'push.spec.ts › a push reaches the phone', project: 'chromium', status: 'flaky' },
      { name: 'push.spec.ts › fails', project: 'chromium', status: 'unexpected' },
      { name: 'push.spec.ts › offline › queues the subscription', project: 'chromium', status: 'expected' },
      { name: 'push.spec.ts › offline › later', project: 'chromium', status: 'skipped' },
      { name: 'push.spec.ts › offline › inner › retried', project: 'chromium', status: 'flaky' },
    ]);
  });
});

describe('countPlaywright', () => {
  const entry = { test: 'push.spec.ts › offline › inner › retried', reason: 'a race', issue: '#42' };

  it('counts a test that passed only on retry apart, never as passed', () => {
    const counts = countPlaywright(report, []);
    expect(counts).toMatchObject({ passed: 1, failed: 1, skipped: 1 });
    expect(counts.flaky.map((test) => [test.name, test.quarantine])).toEqual([
      ['push.spec.ts › a push reaches the phone', undefined],
      ['push.spec.ts › offline › inner › retried', undefined],
    ]);
  });

  it('attaches the quarantine entry of a listed flaky test', () => {
    const { flaky } = countPlaywright(report, [entry]);
    expect(flaky.map((test) => test.quarantine)).toEqual([undefined, entry]);
  });

  it('reports quarantine entries that name no test', () => {
    const gone = { test: 'push.spec.ts › renamed', reason: 'x' };
    expect(unknownEntries([entry, gone], [report])).toEqual([gone]);
  });
});

describe('the closing line and the flaky list', () => {
  it("prints 'K flaky' beside passed and failed, and how many are quarantined", () => {
    const quarantine = { test: 'a', reason: 'a race', issue: '#42' };
    const flaky = [
      { name: 'a', project: 'chromium', run: 'e2e', quarantine },
      { name: 'b', project: 'dev', run: 'e2e' },
    ];
    expect(closingLine({ passed: 10, failed: 0, skipped: 2, flaky })).toBe(
      '10 passed, 0 failed, 2 flaky (1 quarantined), 2 skipped',
    );
    expect(closingLine({ passed: 10, failed: 1, skipped: 0, flaky: [] })).toBe('10 passed, 1 failed');
    expect(describeFlaky(flaky)).toEqual([
      '  a [e2e, chromium]: quarantined: a race (#42)',
      '  b [e2e, dev]: not in tests/quarantine.json: fails the run',
    ]);
  });
});

describe('readQuarantine', () => {
  const file = (content) => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'quarantine-')), 'quarantine.json');
    writeFileSync(target, content);
    return target;
  };

  it('reads the list, and an absent file as an empty one', () => {
    const entries = [{ test: 'a.spec.ts › b', reason: 'a race', issue: '#1' }];
    expect(readQuarantine(file(JSON.stringify(entries)))).toEqual(entries);
    expect(readQuarantine(path.join(tmpdir(), 'no-such-quarantine.json'))).toEqual([]);
  });

  it('refuses an entry without its reason, and anything but an array', () => {
    expect(() => readQuarantine(file('[{ "test": "a.spec.ts › b" }]'))).toThrow(
      /entry 0 needs a non-empty "reason"/,
    );
    expect(() => readQuarantine(file('{}'))).toThrow(/expected an array/);
  });
});
